internal import FirstOpenState
internal import FirstOpenContent
internal import FirstOpenFlow
internal import FirstOpenGTKWrappers
/// Mnemonic labels for buttons and check boxes: in "_Continue" the letter after `_` is
/// underlined while Alt is held, and Alt+C activates the button; `__` is a literal
/// underscore (GTK's `gtk_button_new_with_mnemonic` syntax).
enum Mnemonic {
    /// `text` made safe for a mnemonic label: every `_` doubled, so user text (a spec's
    /// `SecondaryLabel`) never picks a mnemonic by accident.
    static func escaped(_ text: String) -> String {
        text.replacing("_", with: "__")
    }

    /// The text a mnemonic label shows: "_Continue" → "Continue", "a__b" → "a_b".
    static func stripped(_ label: String) -> String {
        parse(label).text
    }

    /// The key of a mnemonic label, lowercased ("_Continue" → "c"), or `nil` without one.
    static func key(of label: String) -> Character? {
        parse(label).key
    }

    /// User text with a mnemonic on its first letter or digit that is not in `taken`
    /// (lowercased keys of the window's other mnemonics); without a free one, the text
    /// escaped and without a mnemonic.
    static func automatic(_ text: String, avoiding taken: Set<Character>) -> String {
        guard let index = text.firstIndex(where: { character in
            (character.isLetter || character.isNumber) && !taken.contains(lowercased(character))
        }) else { return escaped(text) }
        return escaped(String(text[..<index])) + "_" + escaped(String(text[index...]))
    }

    private static func lowercased(_ character: Character) -> Character {
        Character(character.lowercased().first.map(String.init) ?? String(character))
    }

    // Written by hand: GTK parses the label only inside the widget and exposes the
    // result as the accessible name, not as a function.
    private static func parse(_ label: String) -> (text: String, key: Character?) {
        var text = ""
        var key: Character?
        var iterator = label.makeIterator()
        while let character = iterator.next() {
            guard character == "_" else {
                text.append(character)
                continue
            }
            guard let next = iterator.next() else {
                text.append("_")
                break
            }
            if next != "_", key == nil { key = lowercased(next) }
            text.append(next)
        }
        return (text, key)
    }
}
