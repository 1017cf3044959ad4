internal import CGLib
internal import FirstOpenState

/// One `--option` of a subcommand.
package struct OptionDefinition: Sendable {
    /// The long name without dashes, e.g. `output`.
    package var name: String
    /// A one-letter alias, e.g. `o`, or `nil`.
    package var shortName: Character?
    /// `nil` for a flag; otherwise the placeholder shown in `--help`, e.g. `FILE`.
    package var valueName: String?
    /// One line for `--help`.
    package var help: String
    /// Internal options (used between `first-open` and its window helper) are not listed in `--help`.
    package var isHidden: Bool

    /// A flag without a value.
    package static func flag(_ name: String, short: Character? = nil, help: String) -> OptionDefinition {
        OptionDefinition(name: name, shortName: short, valueName: nil, help: help, isHidden: false)
    }

    /// An option that takes a value.
    package static func value(_ name: String, short: Character? = nil, placeholder: String, help: String,
                             hidden: Bool = false) -> OptionDefinition {
        OptionDefinition(name: name, shortName: short, valueName: placeholder, help: help, isHidden: hidden)
    }
}

/// What a subcommand's command line said.
package struct ParsedOptions: Sendable {
    /// Values of the options that take one, by long name (the last one given wins).
    package var values: [String: String] = [:]
    /// Flags that were given, by long name.
    package var flags: Set<String> = []
    /// The remaining arguments, in order.
    package var positionals: [String] = []

    /// Nothing given.
    package init() {}

    /// The value of `--name`, if given.
    package subscript(name: String) -> String? { values[name] }

    /// The single SPEC argument of a subcommand.
    package func specPath(command: String) throws(CommandFailure) -> String {
        switch positionals.count {
        case 1: return positionals[0]
        case 0: throw CommandFailure("\(command): no spec file given", code: .usage)
        default:
            throw CommandFailure("\(command): expected one spec file, got \(positionals.count) arguments", code: .usage)
        }
    }
}

/// Parses a subcommand's options with GLib's GOption, so `--help`, `--opt=value`,
/// `--opt value`, `-o value` and `--` behave as in every other GNOME tool.
///
/// GOption writes each parsed value through a C pointer (`arg_data`); this type
/// owns that storage for the duration of one `parse` call and copies the results
/// out as Swift values.
package struct OptionParser: Sendable {
    /// E.g. `SPEC` or `install|remove SPEC`: shown after the command in `--help`.
    package var parameterSummary: String
    /// One paragraph shown above the options in `--help`.
    package var summary: String
    /// The options.
    package var options: [OptionDefinition]

    /// Creates a parser.
    package init(parameterSummary: String, summary: String, options: [OptionDefinition]) {
        self.parameterSummary = parameterSummary
        self.summary = summary
        self.options = options
    }

    /// Parses `arguments` (the program name first, as `argv`). `--help` prints the
    /// help text and exits 0, as GOption does.
    package func parse(_ arguments: [String]) throws(CommandFailure) -> ParsedOptions {
        // C strings for the entry table live until the end of this call.
        var cStrings: [UnsafeMutablePointer<CChar>] = []
        defer { cStrings.forEach { free($0) } }
        func keep(_ text: String) -> UnsafeMutablePointer<CChar> {
            let copy = strdup(text)!
            cStrings.append(copy)
            return copy
        }

        let slots = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: max(options.count, 1))
        defer { slots.deallocate() }
        let entries = UnsafeMutablePointer<GOptionEntry>.allocate(capacity: options.count + 1)
        defer { entries.deallocate() }

        for (index, option) in options.enumerated() {
            let slot: UnsafeMutableRawPointer
            let kind: GOptionArg
            if option.valueName == nil {
                let flag = UnsafeMutablePointer<gboolean>.allocate(capacity: 1)
                flag.initialize(to: 0)
                slot = UnsafeMutableRawPointer(flag)
                kind = G_OPTION_ARG_NONE
            } else {
                let string = UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>.allocate(capacity: 1)
                string.initialize(to: nil)
                slot = UnsafeMutableRawPointer(string)
                kind = G_OPTION_ARG_STRING
            }
            slots[index] = slot
            let short = option.shortName.flatMap { $0.asciiValue }.map { gchar(bitPattern: $0) } ?? 0
            entries[index] = GOptionEntry(
                long_name: keep(option.name),
                short_name: short,
                flags: option.isHidden ? gint(G_OPTION_FLAG_HIDDEN.rawValue) : 0,
                arg: kind,
                arg_data: slot,
                description: keep(option.help),
                arg_description: option.valueName.map { UnsafePointer(keep($0)) }
            )
        }
        entries[options.count] = GOptionEntry()

        let context = g_option_context_new(parameterSummary)
        defer { g_option_context_free(context) }
        g_option_context_set_summary(context, summary)
        g_option_context_add_main_entries(context, entries, nil)

        var argv: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>? = makeStrv(arguments)
        defer { g_strfreev(argv) }
        var error: UnsafeMutablePointer<GError>?
        let parsed = g_option_context_parse_strv(context, &argv, &error)
        // Read (and freed) here, before the option slots are released below.
        let failure = parsed == 0 ? GLibError(consuming: error, fallback: "invalid command line") : nil

        var result = ParsedOptions()
        for (index, option) in options.enumerated() {
            guard let slot = slots[index] else { continue }
            if option.valueName == nil {
                let flag = slot.assumingMemoryBound(to: gboolean.self)
                if flag.pointee != 0 { result.flags.insert(option.name) }
                flag.deallocate()
            } else {
                let string = slot.assumingMemoryBound(to: UnsafeMutablePointer<gchar>?.self)
                if let value = string.pointee {
                    result.values[option.name] = String(cString: value)
                    g_free(value)
                }
                string.deallocate()
            }
        }

        if let failure {
            throw CommandFailure(failure.message, code: .usage)
        }
        result.positionals = Array(StringVector.strings(argv).dropFirst())
        // GOption leaves "--" in place when an argument after it starts with "-".
        if let separator = result.positionals.firstIndex(of: "--") {
            result.positionals.remove(at: separator)
        }
        return result
    }

    private func makeStrv(_ arguments: [String]) -> UnsafeMutablePointer<UnsafeMutablePointer<gchar>?> {
        let strv = g_malloc0_n(gsize(arguments.count + 1), gsize(MemoryLayout<UnsafeMutablePointer<gchar>?>.stride))!
            .assumingMemoryBound(to: UnsafeMutablePointer<gchar>?.self)
        for (index, argument) in arguments.enumerated() {
            strv[index] = g_strdup(argument)
        }
        return strv
    }
}
