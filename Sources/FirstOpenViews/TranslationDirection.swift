extension BuiltInStrings {
    /// Whether the current translation of the built-in strings (the `first-open`
    /// gettext domain, as `LANGUAGE` / `LC_MESSAGES` select it now) asks for a
    /// right-to-left layout. A screenshot batch that switches languages in one
    /// process sets GTK's default text direction from this before each window.
    public static var translationIsRightToLeft: Bool { isRightToLeft }
}
