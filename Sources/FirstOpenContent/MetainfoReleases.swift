internal import CGLib
internal import FirstOpenState

/// The release notes of an AppStream metainfo file (`<releases>`), the Linux standard
/// for them, turned into What's New rows.
///
/// Parsed with GLib's GMarkup rather than libappstream: libappstream pulls about 55
/// libraries (curl, ICU, libxml2, libyaml, …) into the process, and this code runs on
/// the login path where the whole point is to cost about what a small C program costs.
/// GMarkup is in the GLib we link anyway and reads the small, well-formed XML subset
/// metainfo files use.
///
/// Rows: every `<p>` and every `<li>` of a release's `<description>` becomes one row,
/// in document order, whose title is its text (inline `<em>`/`<code>` kept as plain
/// text, whitespace collapsed) and whose subtitle is empty. Paragraphs get
/// ``paragraphIconName``, list items ``itemIconName``.
///
/// Translations: of the `xml:lang` variants of each paragraph or item (and of whole
/// `<description xml:lang="…">` blocks), the best match for the locale wins, with
/// GLib's fallbacks (`de_DE.UTF-8` → `de_DE` → `de`); the untranslated text otherwise.
///
/// Not read: `<releases type="external">` (the separate
/// `releases/<id>.releases.xml` file; name that file in the spec instead — its
/// `<releases>` root is accepted too), artifacts, issues and urgency.
public struct MetainfoReleases: Sendable, Hashable {
    /// The icon of rows made from `<li>` items.
    public static let itemIconName = "emblem-ok-symbolic"
    /// The icon of rows made from `<p>` paragraphs.
    public static let paragraphIconName = "dialog-information-symbolic"

    /// The file, as named to the initialiser.
    public var file: String
    /// The releases in file order (AppStream lists the newest first).
    public var releases: [ReleaseNotes]
    /// `version` attributes that are missing or no valid version, so that their
    /// releases were left out (`first-open validate` warns about them).
    public var ignoredVersions: [String]
    /// `<release>` elements after the first ``SpecLimits/metainfoReleases``, skipped
    /// unread (the work stays bounded; `validate` warns).
    public var skippedReleaseCount = 0

    /// The release with the highest version, or `nil` when there is none.
    public var newest: ReleaseNotes? {
        releases.max { $0.version < $1.version }
    }

    /// Reads and parses the metainfo file at `path`, picking translations for
    /// `locale` (`nil`: the process's locale).
    public init(path: String, locale: String? = nil) throws(SpecError) {
        let contents: [UInt8]
        do {
            contents = try CheckedFile.read(path, limit: CheckedFile.metainfoLimit)
        } catch {
            throw .metainfo(file: path, line: nil, column: nil, reason: error.description)
        }
        let parsed = contents.withUnsafeBufferPointer { bytes in
            Result { () throws(SpecError) in try MetainfoReleases(bytes: bytes, file: path, locale: locale) }
        }
        self = try parsed.get()
    }

    /// Parses metainfo XML given as text; `file` names it in errors.
    public init(xml: String, file: String, locale: String? = nil) throws(SpecError) {
        var text = xml
        let result: Result<MetainfoReleases, SpecError> = text.withUTF8 { bytes in
            do throws(SpecError) {
                return .success(try MetainfoReleases(bytes: bytes, file: file, locale: locale))
            } catch {
                return .failure(error)
            }
        }
        self = try result.get()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String, locale: String?) throws(SpecError) {
        let reader = MarkupReader(languages: LocaleVariants.list(for: locale))
        try reader.parse(bytes, file: file)
        self.file = file
        self.releases = reader.releases
        self.ignoredVersions = reader.ignoredVersions
        self.skippedReleaseCount = reader.skippedReleaseCount
    }
}

// MARK: - GMarkup

/// The parse state behind GMarkup's C callbacks. Lives only for one parse.
private final class MarkupReader {
    /// One paragraph or list item with its translations.
    struct Unit {
        var isItem: Bool
        /// `nil` language: the untranslated text.
        var variants: [(language: String?, text: String)]
    }

    /// One `<description>`, untranslated or in one language.
    struct Block {
        var language: String?
        var units: [Unit] = []
    }

    /// The `<release>` being read.
    struct PendingRelease {
        var version: String?
        var date: String?
        var kind: ReleaseNotes.Kind
        var blocks: [Block] = []
        var detailsURL: String?
    }

    let languages: [String]
    var releases: [ReleaseNotes] = []
    var ignoredVersions: [String] = []
    var skippedReleaseCount = 0

    private var stack: [String] = []
    private var release: PendingRelease?
    private var block: Block?
    /// The paragraph or item whose text is being collected, and its language.
    private var textTarget: (isItem: Bool, language: String?)?
    private var text = ""
    private var collectingURL = false
    /// Depth inside elements whose content is ignored (`<releases type="external">`).
    private var ignoredDepth = 0

    init(languages: [String]) {
        self.languages = languages
    }

    func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(SpecError) {
        var parser = GMarkupParser(
            start_element: { _, name, attributeNames, attributeValues, userData, _ in
                guard let name, let userData else { return }
                let reader = Unmanaged<MarkupReader>.fromOpaque(userData).takeUnretainedValue()
                reader.start(
                    String(cString: name),
                    attributes: MarkupReader.attributes(attributeNames, attributeValues))
            },
            end_element: { _, name, userData, _ in
                guard let name, let userData else { return }
                let reader = Unmanaged<MarkupReader>.fromOpaque(userData).takeUnretainedValue()
                reader.end(String(cString: name))
            },
            text: { _, text, length, userData, _ in
                guard let text, let userData else { return }
                let reader = Unmanaged<MarkupReader>.fromOpaque(userData).takeUnretainedValue()
                let buffer = UnsafeRawBufferPointer(start: text, count: Int(length))
                reader.characters(String(decoding: buffer, as: UTF8.self))
            },
            passthrough: nil,
            error: nil)

        let flags = GMarkupParseFlags(rawValue: G_MARKUP_TREAT_CDATA_AS_TEXT.rawValue)
        let userData = Unmanaged.passUnretained(self).toOpaque()
        // The context keeps a pointer to `parser`: every call stays inside this closure.
        let failure: SpecError? = withUnsafePointer(to: &parser) { parserPointer -> SpecError? in
            guard let context = g_markup_parse_context_new(parserPointer, flags, userData, nil) else {
                return .metainfo(file: file, line: nil, column: nil, reason: "out of memory")
            }
            defer { g_markup_parse_context_free(context) }
            let base = bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: gchar.self) }
            let message: String
            do throws(GLibError) {
                try GLibError.checkSuccess(fallback: "malformed XML") {
                    g_markup_parse_context_parse(context, base, gssize(bytes.count), $0)
                }
                try GLibError.checkSuccess(fallback: "malformed XML") { g_markup_parse_context_end_parse(context, $0) }
                return nil
            } catch {
                message = error.message
            }
            var line: gint = 0
            var column: gint = 0
            g_markup_parse_context_get_position(context, &line, &column)
            return .metainfo(
                file: file, line: Int(line), column: Int(column),
                reason: MarkupReader.withoutPosition(message))
        }
        if let failure { throw failure }
    }

    // MARK: Callbacks

    private func start(_ name: String, attributes: [String: String]) {
        let parent = stack.last
        stack.append(name)
        if ignoredDepth > 0 {
            ignoredDepth += 1
            return
        }
        switch (parent, name) {
        case (_, "releases") where attributes["type"] == "external":
            ignoredDepth = 1
        case ("releases", "release") where releases.count + ignoredVersions.count >= SpecLimits.metainfoReleases:
            skippedReleaseCount += 1
            ignoredDepth = 1
        case ("releases", "release"):
            release = PendingRelease(
                version: attributes["version"],
                date: attributes["date"],
                kind: ReleaseNotes.Kind(rawValue: attributes["type"] ?? "stable") ?? .stable)
        case ("release", "description") where release != nil:
            block = Block(language: attributes["xml:lang"])
        case ("description", "p") where block != nil,
            ("ul", "li") where block != nil,
            ("ol", "li") where block != nil:
            textTarget = (isItem: name == "li", language: attributes["xml:lang"])
            text = ""
        case ("release", "url") where release != nil:
            // AppStream: a release's <url> without a type is a details page.
            collectingURL = (attributes["type"] ?? "details") == "details"
            text = ""
        default:
            break
        }
    }

    private func end(_ name: String) {
        stack.removeLast()
        if ignoredDepth > 0 {
            ignoredDepth -= 1
            return
        }
        switch name {
        case "p", "li":
            guard let target = textTarget, stack.count >= 1,
                  ["description", "ul", "ol"].contains(stack.last ?? "") else { return }
            textTarget = nil
            add(collapsed(text), isItem: target.isItem, language: target.language)
        case "description":
            if let block, stack.last == "release" {
                release?.blocks.append(block)
            }
            block = nil
        case "url":
            if collectingURL {
                let url = collapsed(text)
                // Only what a spec's SecondaryURL may be: never a scheme that runs something.
                if SecondaryAction.isOpenableURL(url), release?.detailsURL == nil { release?.detailsURL = url }
                collectingURL = false
            }
        case "release":
            if let release, stack.last == "releases" { finish(release) }
            release = nil
        default:
            break
        }
    }

    private func characters(_ string: String) {
        if textTarget != nil || collectingURL { text += string }
    }

    // MARK: Building

    /// A translated paragraph or item belongs to the untranslated one of the same
    /// kind just before it, as `msgfmt --xml` and itstool write them.
    private func add(_ text: String, isItem: Bool, language: String?) {
        guard !text.isEmpty, var current = block else { return }
        if let language, var last = current.units.last, last.isItem == isItem,
           !last.variants.contains(where: { $0.language == language }) {
            last.variants.append((language, text))
            current.units[current.units.count - 1] = last
        } else {
            current.units.append(Unit(isItem: isItem, variants: [(language, text)]))
        }
        block = current
    }

    private func finish(_ pending: PendingRelease) {
        guard let text = pending.version, let version = try? Version(text) else {
            ignoredVersions.append(pending.version ?? "")
            return
        }
        releases.append(ReleaseNotes(
            version: version,
            versionText: text,
            kind: pending.kind,
            date: pending.date,
            rows: rows(of: pending.blocks),
            detailsURL: pending.detailsURL))
    }

    /// Picks the best description block, then the best variant of each unit in it.
    private func rows(of blocks: [Block]) -> [InformationRow] {
        guard let block = blocks.min(by: { rank($0.language) < rank($1.language) }),
              rank(block.language) < Int.max else { return [] }
        return block.units.compactMap { unit in
            guard let best = unit.variants.min(by: { rank($0.language) < rank($1.language) }),
                  rank(best.language) < Int.max else { return nil }
            return InformationRow(
                title: SpecLimits.cut(best.text, to: SpecLimits.titleLength) ?? best.text,
                subtitle: "",
                iconName: unit.isItem ? MetainfoReleases.itemIconName : MetainfoReleases.paragraphIconName)
        }
    }

    /// Lower is better: the position in the locale's variants; untranslated text
    /// after every match; a language the user does not read never (`Int.max`).
    private func rank(_ language: String?) -> Int {
        guard let language else { return Int.max - 1 }
        // xml:lang is BCP 47 (`pt-BR`); POSIX locales use `pt_BR`.
        let posix = String(language.map { $0 == "-" ? "_" : $0 })
        return languages.firstIndex(of: posix) ?? Int.max
    }

    // MARK: Helpers

    private static func attributes(
        _ names: UnsafeMutablePointer<UnsafePointer<gchar>?>?,
        _ values: UnsafeMutablePointer<UnsafePointer<gchar>?>?
    ) -> [String: String] {
        guard let names, let values else { return [:] }
        var result: [String: String] = [:]
        var index = 0
        while let name = names[index], let value = values[index] {
            result[String(cString: name)] = String(cString: value)
            index += 1
        }
        return result
    }

    /// GMarkup's English messages start with "Error on line N char M: "; the position
    /// is reported separately.
    private static func withoutPosition(_ message: String) -> String {
        guard message.hasPrefix("Error on line "), let colon = message.firstIndex(of: ":") else {
            return message
        }
        return String(message[message.index(after: colon)...]).trimmingLeadingSpaces()
    }
}

/// Runs of XML whitespace become one space; leading and trailing whitespace goes.
func collapsed(_ text: String) -> String {
    var result = ""
    var pendingSpace = false
    for scalar in text.unicodeScalars {
        if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
            pendingSpace = !result.isEmpty
        } else {
            if pendingSpace { result += " " }
            pendingSpace = false
            result.unicodeScalars.append(scalar)
        }
    }
    return result
}

extension String {
    func trimmingLeadingSpaces() -> String {
        String(drop { $0 == " " })
    }
}
