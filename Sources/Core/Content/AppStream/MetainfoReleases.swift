internal import CGLib
package import FirstOpenState

/// The release notes of an AppStream metainfo file (`<releases>`), the Linux standard
/// for them, read as the specification defines descriptions.
///
/// Parsed with GLib's GMarkup rather than libappstream: libappstream pulls about 55
/// libraries (curl, ICU, libxml2, libyaml, …) into the process, and this code runs on
/// the login path where the whole point is to cost about what a small C program costs.
/// GMarkup is in the GLib we link anyway and reads the small, well-formed XML subset
/// metainfo files use.
///
/// Notes: each release's `<description>` becomes ``DescriptionBlock``s: `<p>`
/// paragraphs, `<ul>` and `<ol>` lists, with `<em>` and `<code>` kept as styles,
/// whitespace collapsed. Each text, list and release is cut to the documented caps
/// (``SpecLimits/noteTextLength``, ``SpecLimits/noteListItems``,
/// ``SpecLimits/noteReleaseTexts``): a cut text ends with `…`, the texts left out are
/// counted in ``ReleaseNotes/cutTexts`` (the window says how many), and ``findings``
/// names the file and line of each cut for `validate`. As real files have them: text inside a `<p>` that
/// holds a `<ul>` is kept (the paragraph is split around the list), and bare text
/// directly in `<description>` is a paragraph. `<p>`, `<ul>` and `<ol>` outside
/// `<description>` are not notes (AppStream and GNOME Software ignore them);
/// ``findings`` says so for `validate`.
///
/// Translations: of the `xml:lang` variants of each paragraph or item (and of whole
/// `<description xml:lang="…">` blocks), the best match for the locale wins, with
/// GLib's fallbacks (`de_DE.UTF-8` → `de_DE` → `de`); the untranslated text otherwise.
///
/// External releases: `<releases type="external"/>` in a file read from a path reads
/// `releases/ID.releases.xml` in the metainfo file's directory, as the AppStream
/// specification says (a local file only; a `url` attribute is never fetched).
///
/// Not read: artifacts, issues and urgency.
package struct MetainfoReleases: Sendable, Hashable {
    /// Something `validate` reports about the file: notes that can never show and why.
    package struct Finding: Sendable, Hashable {
        /// The file it is about (the metainfo file, or its external releases file).
        package var file: String
        /// The line, 1-based, where GMarkup was when it saw it.
        package var line: Int
        /// What is wrong, e.g. "<p> outside <description> is never shown".
        package var message: String
    }

    /// The file, as named to the initialiser.
    package var file: String
    /// The component's `<id>`, or `nil`.
    package var componentID: String?
    /// The component's `<name>`, translated for the locale, or `nil`.
    package var name: String?
    /// The `<launchable type="desktop-id">` (`org.example.App.desktop`), or `nil`.
    package var desktopID: String?
    /// An `<icon type="stock">` name, or `nil`.
    package var stockIcon: String?
    /// The releases in file order (AppStream lists the newest first).
    package var releases: [ReleaseNotes]
    /// `version` attributes that are missing or no valid version, so that their
    /// releases were left out (`first-open validate` warns about them).
    package var ignoredVersions: [String]
    /// `<release>` elements after the first ``SpecLimits/metainfoReleases``, skipped
    /// unread (the work stays bounded; `validate` warns).
    package var skippedReleaseCount = 0
    /// Whether the file says `<releases type="external">`.
    package var hasExternalReleases = false
    /// The external releases file read (or looked for), or `nil`.
    package var externalReleasesFile: String?
    /// Notes that can never show, with lines; see ``Finding``.
    package var findings: [Finding] = []

    /// The release with the highest version, or `nil` when there is none.
    package var newest: ReleaseNotes? {
        releases.max { $0.version < $1.version }
    }

    /// The stable (not development) release with the highest version, or `nil`: the
    /// app's current version when a metainfo file is all there is.
    package var newestStable: ReleaseNotes? {
        releases.filter { !$0.isPrerelease }.max { $0.version < $1.version }
    }

    /// Reads and parses the metainfo file at `path`, picking translations for
    /// `locale` (`nil`: the process's locale), and its external releases file when it
    /// has `<releases type="external"/>`.
    /// - Throws: ``SpecError/metainfo(file:line:column:reason:)`` when the file (or an
    ///   external releases file that exists) cannot be read or parsed. A missing
    ///   external file is a ``findings`` entry, not an error: the app then has no notes.
    ///
    /// - Parameter readingNotes: `false` reads versions, types and dates but skips every
    ///   `<description>` unread (GMarkup still checks it is well-formed): what the login
    ///   path needs to decide, at about the cost of a C program doing the same.
    /// - Parameter notesAfter: reads the notes only of releases newer than this version
    ///   (the others get none): a What's New window from a recorded version never shows
    ///   older ones, and a long history's old notes are most of its file. `nil`: all.
    ///
    /// - Parameter countingOnlyPast: with `notesAfter`: once this many releases with notes
    ///   have been read, newest first in file order, the descriptions of older ones are
    ///   only checked for notes (``ReleaseNotes/hasUnreadNotes``), not read: a What's New
    ///   window shows at most ``SpecLimits/shownReleases``, and a 1000-release history's
    ///   other 750 were most of the work of its window. The caller checks that the
    ///   releases read fill the window (``SpecFile/init(argument:locale:forWindow:notesAfter:)``).
    package init(path: String, locale: String? = nil, readingNotes: Bool = true,
                notesAfter: Version? = nil, countingOnlyPast: Int? = nil) throws(SpecError) {
        try self.init(checkedPath: path, locale: locale, readingNotes: readingNotes, notesAfter: notesAfter,
                      countingOnlyPast: countingOnlyPast)
        guard hasExternalReleases, releases.isEmpty, let componentID, !componentID.contains("/") else { return }
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let external = directory + "/releases/" + componentID + ".releases.xml"
        externalReleasesFile = external
        guard g_file_test(external, G_FILE_TEST_EXISTS) != 0 else {
            findings.append(Finding(
                file: path, line: externalLine,
                message: "<releases type=\"external\"> but \(external) does not exist: no release notes can show"))
            return
        }
        let other = try MetainfoReleases(checkedPath: external, locale: locale, readingNotes: readingNotes,
                                         notesAfter: notesAfter, countingOnlyPast: countingOnlyPast)
        releases = other.releases
        ignoredVersions += other.ignoredVersions
        skippedReleaseCount += other.skippedReleaseCount
        findings += other.findings
    }

    /// Parses metainfo XML held in memory (e.g. from an app's GResource); `file` names it
    /// in errors. External releases are not read (there is no directory).
    package init(data: [UInt8], file: String, locale: String? = nil) throws(SpecError) {
        let parsed = data.withUnsafeBufferPointer { bytes in
            Result { () throws(SpecError) in try MetainfoReleases(bytes: bytes, file: file, locale: locale) }
        }
        self = try parsed.get()
    }

    /// Parses metainfo XML given as text; `file` names it in errors. External
    /// releases are not read (there is no directory).
    package init(xml: String, file: String, locale: String? = nil) throws(SpecError) {
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

    /// The line of `<releases type="external">`, for its finding.
    private var externalLine = 0

    private init(checkedPath path: String, locale: String?, readingNotes: Bool = true,
                 notesAfter: Version? = nil, countingOnlyPast: Int? = nil) throws(SpecError) {
        let contents: [UInt8]
        do {
            contents = try CheckedFile.read(path, limit: CheckedFile.metainfoLimit)
        } catch {
            throw .metainfo(file: path, line: nil, column: nil, reason: error.description)
        }
        let parsed = contents.withUnsafeBufferPointer { bytes in
            Result { () throws(SpecError) in
                try MetainfoReleases(bytes: bytes, file: path, locale: locale, readingNotes: readingNotes,
                                     notesAfter: notesAfter, countingOnlyPast: countingOnlyPast)
            }
        }
        self = try parsed.get()
    }

    private init(
        bytes: UnsafeBufferPointer<UInt8>, file: String, locale: String?, readingNotes: Bool = true,
        notesAfter: Version? = nil, countingOnlyPast: Int? = nil
    ) throws(SpecError) {
        // Without notes only `<name>` could be translated, and the login path does not show
        // it: no language list (GLib's costs a read of the locale's alias table).
        let languages = readingNotes ? LocaleVariants.list(for: locale) : []
        let reader = MarkupReader(languages: languages, file: file, readingNotes: readingNotes)
        reader.notesAfter = notesAfter
        reader.countingOnlyPast = notesAfter == nil ? nil : countingOnlyPast
        // A UTF-8 byte order mark before `<?xml` is valid XML (GMarkup refused it).
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let start = bytes.count >= 3 && bytes.prefix(3).elementsEqual(bom) ? 3 : 0
        try reader.parse(UnsafeBufferPointer(rebasing: bytes[start...]), file: file)
        if let problem = reader.nameProblem {
            throw .metainfo(file: file, line: problem.line, column: problem.column, reason: problem.reason)
        }
        // For validate, which reads every release's notes.
        if readingNotes, notesAfter == nil { reader.checkWindowCaps() }
        self.file = file
        self.componentID = reader.componentID
        self.name = reader.bestName
        self.desktopID = reader.desktopID
        self.stockIcon = reader.stockIcon
        self.releases = reader.releases
        self.ignoredVersions = reader.ignoredVersions
        self.skippedReleaseCount = reader.skippedReleaseCount
        self.hasExternalReleases = reader.externalLine != nil
        self.externalLine = reader.externalLine ?? 0
        self.findings = reader.findings
    }
}

// MARK: - GMarkup

/// The parse state behind GMarkup's C callbacks. Lives only for one parse.
private final class MarkupReader {
    /// A paragraph, or an item of the list numbered `list` in the description.
    enum UnitKind: Equatable {
        case paragraph
        case item(list: Int, ordered: Bool)
    }

    /// One paragraph or list item with its translations.
    struct Unit {
        var kind: UnitKind
        /// `nil` language: the untranslated text.
        var variants: [(language: String?, text: StyledText)]
        /// The line of its list's `<ul>` or `<ol>` (0 for a paragraph), for `validate`.
        var listLine = 0
    }

    /// One `<description>`, untranslated or in one language.
    struct Block {
        var language: String?
        var units: [Unit] = []
    }

    /// The `<release>` being read.
    struct PendingRelease {
        var version: String?
        /// ``version`` parsed (once: it was parsed at its `<description>` and again at its end).
        var parsedVersion: Version?
        var date: String?
        var kind: ReleaseNotes.Kind
        var blocks: [Block] = []
        var detailsURL: String?
        var line: Int
        /// Notes written outside `<description>` (reported once per release).
        var hasStrayNotes = false
        /// The descriptions only checked for notes: their `xml:lang`, whether they have any.
        var countedBlocks: [(language: String?, hasNotes: Bool)] = []
    }

    let languages: [String]
    let file: String
    var componentID: String?
    var desktopID: String?
    var stockIcon: String?
    /// The component's `<name>` in each `xml:lang` (`nil`: untranslated).
    var names: [(language: String?, text: String)] = []
    var releases: [ReleaseNotes] = []
    var ignoredVersions: [String] = []
    var skippedReleaseCount = 0
    var externalLine: Int?
    var findings: [MetainfoReleases.Finding] = []

    private var stack: [String] = []
    private var release: PendingRelease?
    private var block: Block?
    /// The paragraph or item whose text is being collected, and its language.
    private var textTarget: (kind: UnitKind, language: String?)?
    /// The `<p>` a list interrupts, to go on with after the list.
    private var paragraphLanguage: String??
    private var runs: [StyledText.Run] = []
    private var styles: [StyledText.Style] = []
    private var listCount = 0
    private var listOrdered = false
    /// The line of the `<ul>` or `<ol>` being read.
    private var listLine = 0
    /// The line where the text being collected started, for the finding of a cut.
    private var textLine = 0
    private var text = ""
    private var collectingURL = false
    private var collectingID = false
    /// What the text being collected is for: the component's name (with its language),
    /// its launchable desktop id, or its stock icon.
    private var collectingComponentText: ComponentText?

    enum ComponentText {
        case name(language: String?)
        case desktopID
        case stockIcon
    }

    /// The name for the locale: the best translation, else the untranslated one.
    var bestName: String? {
        names.filter { rank($0.language) < Int.max }.min { rank($0.language) < rank($1.language) }?.text
    }
    /// Depth inside elements whose content is ignored (skipped releases).
    private var ignoredDepth = 0
    /// The context during a parse, for line numbers.
    private var context: OpaquePointer?

    /// Whether `<description>` content is read (else skipped by ``skipping``).
    let readingNotes: Bool
    /// Releases of this version and older get no notes: their descriptions are skipped.
    var notesAfter: Version?

    /// Whether the `<release>` being read has a version no newer than ``notesAfter``.
    private var releaseIsNotNewerThanNotesAfter: Bool {
        guard let notesAfter, let version = release?.parsedVersion else { return false }
        return version <= notesAfter
    }
    /// Whether a `<description>` is being skipped.
    private var skippingDescription = false
    /// Whether the next `<description>` is only checked for notes: enough releases with
    /// notes were read, and the versions so far went down in file order (so it is older
    /// than all of them).
    private var countsOnly: Bool {
        guard let countingOnlyPast, newestFirstSoFar else { return false }
        return releasesWithNotesRead >= countingOnlyPast
    }

    /// See ``MetainfoReleases/init(path:locale:readingNotes:notesAfter:countingOnlyPast:)``.
    var countingOnlyPast: Int?
    /// Releases read so far with notes, and whether their versions went down in file order.
    private var releasesWithNotesRead = 0
    private var newestFirstSoFar = true
    private var previousVersion: Version?
    /// Whether the `<description>` being read is only checked for notes (by ``counting``).
    private var countingDescription = false
    /// Where the counting parser is below the description, per depth: in a paragraph or
    /// item of a language (whose text the full reader keeps), in a list between items, or
    /// in something the full reader ignores; and whether a kept text was seen in a
    /// language the user reads (or untranslated) with more than XML whitespace.
    private enum CountState {
        case unit(language: String?)
        case list
        case ignored
    }
    private var countingStates: [CountState] = []
    private var countedHasText = false
    private var countingDescriptionLanguage: String?

    private func countStart(_ name: UnsafePointer<gchar>, _ names: UnsafeMutablePointer<UnsafePointer<gchar>?>?,
                            _ values: UnsafeMutablePointer<UnsafePointer<gchar>?>?) {
        func language() -> String? {
            guard let names, let values else { return nil }
            var index = 0
            while let attribute = names[index], let value = values[index] {
                if strcmp(attribute, "xml:lang") == 0 { return String(cString: value) }
                index += 1
            }
            return nil
        }
        let isList = strcmp(name, "ul") == 0 || strcmp(name, "ol") == 0
        let state: CountState
        switch countingStates.last {
        case _ where strcmp(name, "description") == 0:
            state = .ignored  // a nested <description>: never shown (see the full reader's start)
        case nil:  // directly in <description>
            state = strcmp(name, "p") == 0 ? .unit(language: language()) : isList ? .list : .ignored
        case let .unit(current)?:
            state = isList ? .list : .unit(language: current)
        case .list?:
            state = strcmp(name, "li") == 0 ? .unit(language: language()) : .ignored
        case .ignored?:
            state = .ignored
        }
        countingStates.append(state)
    }

    private func countText(_ text: UnsafeRawBufferPointer) {
        guard !countedHasText else { return }
        let language: String?
        switch countingStates.last {
        case nil: language = nil  // bare text in <description>: an untranslated paragraph
        case let .unit(current)?: language = current
        case .list?, .ignored?: return
        }
        guard language == nil || rank(language) < Int.max else { return }
        if text.contains(where: { !isXMLSpace($0) }) { countedHasText = true }
    }
    /// A parser that only sees whether a description has text in a paragraph, an item
    /// or directly in it (the units the full reader keeps), and in which `xml:lang`.
    private lazy var counting: UnsafeMutablePointer<GMarkupParser> = {
        let parser = UnsafeMutablePointer<GMarkupParser>.allocate(capacity: 1)
        parser.initialize(to: GMarkupParser(
            start_element: { _, name, attributeNames, attributeValues, userData, _ in
                guard let name, let userData else { return }
                let reader = Unmanaged<MarkupReader>.fromOpaque(userData).takeUnretainedValue()
                reader.countStart(name, attributeNames, attributeValues)
            },
            end_element: { _, _, userData, _ in
                guard let userData else { return }
                Unmanaged<MarkupReader>.fromOpaque(userData).takeUnretainedValue().countingStates.removeLast()
            },
            text: { _, text, length, userData, _ in
                guard let text, let userData else { return }
                let reader = Unmanaged<MarkupReader>.fromOpaque(userData).takeUnretainedValue()
                reader.countText(UnsafeRawBufferPointer(start: text, count: Int(length)))
            },
            passthrough: nil, error: nil))
        return parser
    }()
    /// Whether the counting parser was made (it is freed with the reader).
    private var madeCounting = false

    init(languages: [String], file: String, readingNotes: Bool = true) {
        self.languages = languages
        self.file = file
        self.readingNotes = readingNotes
    }

    /// A parser without callbacks: GMarkup checks and skips what it is pushed for in C,
    /// without a call into Swift per element or text. Owned by this reader (GMarkup
    /// keeps the pointer while it is pushed).
    private let skipping: UnsafeMutablePointer<GMarkupParser> = {
        let parser = UnsafeMutablePointer<GMarkupParser>.allocate(capacity: 1)
        parser.initialize(to: GMarkupParser(
            start_element: nil, end_element: nil, text: nil, passthrough: nil, error: nil))
        return parser
    }()

    deinit {
        skipping.deallocate()
        if madeCounting { counting.deallocate() }
    }

    /// Whether the text callback has any use for the text now.
    var wantsText: Bool {
        textTarget != nil || collectingURL || collectingID || collectingComponentText != nil
            || (block != nil && stack.last == "description")
    }

    func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(SpecError) {
        try MarkupReader.checkCharacters(bytes, file: file)
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
                // Most text (whitespace between elements) is of no use: no String for it.
                guard reader.wantsText else { return }
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
            self.context = context
            defer {
                self.context = nil
                g_markup_parse_context_free(context)
            }
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

    /// A C0 control character other than tab, line feed and carriage return — NUL
    /// included — anywhere in the file is an error, as XML 1.0 says (libxml2 and so
    /// `appstreamcli` refuse them too): GMarkup let ESC and BEL in a `<name>` reach the
    /// window's title, and a NUL cut a paragraph where GTK read it as a C string, while
    /// `validate` said ok. One pass over the bytes, before parsing.
    static func checkCharacters(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(SpecError) {
        guard let offset = firstForbiddenByte(bytes) else { return }
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<offset]), as: UTF8.self)
            .unicodeScalars.count + 1
        throw .metainfo(file: file, line: line, column: column,
                        reason: "the control character \(Quoted.name(String(UnicodeScalar(bytes[offset])))) "
                            + "is not allowed in XML")
    }

    /// The offset of the first C0 byte other than tab, LF and CR, or `nil`. Eight bytes
    /// at a time (a word with no byte below 0x20 is passed at once; one with a line break
    /// or a tab is looked at byte by byte): the login path reads every metainfo file
    /// through this, and a byte-at-a-time loop cost ~4 instructions per byte.
    static func firstForbiddenByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        func forbidden(_ byte: UInt8) -> Bool { byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D }
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        var index = 0
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // Non-zero when some byte of the word is below 0x20 (the classic "has less").
            if (word &- ones &* 0x20) & ~word & highs != 0 {
                for offset in index..<(index + 8) where forbidden(bytes[offset]) { return offset }
            }
            index += 8
        }
        for offset in index..<bytes.count where forbidden(bytes[offset]) { return offset }
        return nil
    }

    /// The first `<name>` (in any language) holding a control character (C0, DEL, C1;
    /// written as a character reference such as `&#27;`), refused as a spec's `Name=` is:
    /// it would reach the heading and the window title raw.
    private(set) var nameProblem: (line: Int, column: Int, reason: String)?

    /// Where the `<name>` being read starts.
    private var nameStart = (line: 0, column: 0)

    /// The line and column GMarkup is at (1-based).
    private var position: (line: Int, column: Int) {
        guard let context else { return (0, 0) }
        var line: gint = 0
        var column: gint = 0
        g_markup_parse_context_get_position(context, &line, &column)
        return (Int(line), Int(column))
    }

    /// The line GMarkup is on (1-based).
    private var line: Int {
        guard let context else { return 0 }
        var line: gint = 0
        var column: gint = 0
        g_markup_parse_context_get_position(context, &line, &column)
        return Int(line)
    }

    private func finding(_ message: String) {
        findings.append(MetainfoReleases.Finding(file: file, line: line, message: message))
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
        case (_, "description") where block != nil:
            // A <description> inside one: AppStream allows none, and appstreamcli leaves it
            // out with what it holds while keeping the rest; so does the counting parser
            // (countStart), so a counted release has notes exactly when a read one does.
            // Before, its end dropped the whole description being read.
            finding("<description> inside <description> is never shown")
            if let context {
                g_markup_parse_context_push(context, skipping, nil)
                skippingDescription = true
            }
        case ("component", "id"):
            collectingID = componentID == nil
            text = ""
        case ("component", "name"):
            collectingComponentText = .name(language: attributes["xml:lang"])
            text = ""
            nameStart = position
        case ("component", "launchable") where attributes["type"] == "desktop-id" && desktopID == nil:
            collectingComponentText = .desktopID
            text = ""
        case ("component", "icon") where attributes["type"] == "stock" && stockIcon == nil:
            collectingComponentText = .stockIcon
            text = ""
        case (_, "releases") where attributes["type"] == "external":
            externalLine = line
        case ("releases", "release") where releases.count + ignoredVersions.count >= SpecLimits.metainfoReleases:
            skippedReleaseCount += 1
            ignoredDepth = 1
        case ("releases", "release"):
            let parsed = attributes["version"].flatMap { try? Version($0) }
            if let parsed {
                if let previousVersion, !(parsed < previousVersion) { newestFirstSoFar = false }
                previousVersion = parsed
            }
            release = PendingRelease(
                version: attributes["version"],
                parsedVersion: parsed,
                date: attributes["date"] ?? attributes["timestamp"].flatMap(MarkupReader.day(ofTimestamp:)),
                kind: ReleaseNotes.Kind(rawValue: attributes["type"] ?? "stable") ?? .stable,
                line: line)
        case ("release", "description") where release != nil && readingNotes && !releaseIsNotNewerThanNotesAfter
            && countsOnly:
            // Older than enough releases with notes read: only whether it has notes.
            if let context {
                madeCounting = true
                g_markup_parse_context_push(context, counting, Unmanaged.passUnretained(self).toOpaque())
                countingDescription = true
                countingStates = []
                countedHasText = false
                countingDescriptionLanguage = attributes["xml:lang"]
            }
        case ("release", "description") where release != nil && (!readingNotes || releaseIsNotNewerThanNotesAfter):
            // Not needed to decide: GMarkup skips it in C (the release then has no notes
            // here; SpecFile reads them when a window is due).
            if let context {
                g_markup_parse_context_push(context, skipping, nil)
                skippingDescription = true
            }
        case ("release", "description") where release != nil:
            block = Block(language: attributes["xml:lang"])
        case ("release", "p"), ("release", "ul"), ("release", "ol"):
            guard release != nil, release?.hasStrayNotes == false else { break }
            release?.hasStrayNotes = true
            finding("<\(name)> directly in <release> (not in <description>) is never shown")
        case ("description", "p") where block != nil:
            textTarget = (.paragraph, attributes["xml:lang"])
            paragraphLanguage = .some(attributes["xml:lang"])
            startText()
        case ("description", "ul") where block != nil, ("description", "ol") where block != nil,
            ("p", "ul") where block != nil, ("p", "ol") where block != nil:
            // A list inside a paragraph ends the paragraph's text so far.
            if parent == "p", let target = textTarget, target.kind == .paragraph {
                add(StyledText(collapsedRuns(runs)), kind: .paragraph, language: target.language)
                textTarget = nil
            }
            listCount += 1
            listOrdered = name == "ol"
            listLine = line
        case ("ul", "li") where block != nil, ("ol", "li") where block != nil:
            textTarget = (.item(list: listCount, ordered: listOrdered), attributes["xml:lang"])
            startText()
        case ("p", "em"), ("li", "em"), ("p", "code"), ("li", "code"),
            ("em", "code"), ("code", "em"):
            if textTarget != nil { styles.append(name == "em" ? .emphasis : .code) }
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
        case "id" where collectingID:
            componentID = collapsed(text)
            collectingID = false
        case "name", "launchable", "icon":
            guard let target = collectingComponentText, stack.last == "component" else { return }
            collectingComponentText = nil
            let value = collapsed(text)
            guard !value.isEmpty else { return }
            if case .name = target, nameProblem == nil,
               let bad = value.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                nameProblem = (nameStart.line, nameStart.column,
                               "<name> \(quoted(value)) contains a control character (\(Quoted.name(String(bad)))); "
                                   + "names must be plain text")
            }
            switch target {
            case let .name(language): names.append((language, value))
            case .desktopID: desktopID = value
            case .stockIcon: stockIcon = value
            }
        case "em", "code":
            if textTarget != nil, !styles.isEmpty { styles.removeLast() }
        case "p":
            if let target = textTarget, target.kind == .paragraph, stack.last == "description" {
                add(StyledText(collapsedRuns(runs)), kind: .paragraph, language: target.language)
            }
            if stack.last == "description" {
                textTarget = nil
                paragraphLanguage = nil
            }
        case "li":
            guard let target = textTarget, ["ul", "ol"].contains(stack.last ?? "") else { return }
            textTarget = nil
            add(StyledText(collapsedRuns(runs)), kind: target.kind, language: target.language)
        case "ul", "ol":
            // Text after a list inside a paragraph is a paragraph of its own.
            if stack.last == "p", let language = paragraphLanguage {
                textTarget = (.paragraph, language)
                startText()
            }
        case "description" where countingDescription:
            countingDescription = false
            if let context { g_markup_parse_context_pop(context) }
            release?.countedBlocks.append((countingDescriptionLanguage, countedHasText))
        case "description" where skippingDescription:
            skippingDescription = false
            if let context { g_markup_parse_context_pop(context) }
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
        if textTarget != nil {
            let style = styles.last ?? .plain
            if let last = runs.last, last.style == style {
                runs[runs.count - 1].text += string
            } else {
                runs.append(StyledText.Run(string, style: style))
            }
        } else if collectingURL || collectingID || collectingComponentText != nil {
            text += string
        } else if block != nil, stack.last == "description" {
            // Bare text in <description>: shown as a paragraph, so nothing is lost.
            let bare = collapsed(string)
            guard !bare.isEmpty else { return }
            // GMarkup reports text where it ends: count back the lines after its last word.
            let trailingLines = string.reversed().prefix { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
                .filter { $0 == "\n" }.count
            findings.append(MetainfoReleases.Finding(
                file: file, line: max(1, line - trailingLines),
                message: "text directly in <description> (not in <p>): shown as a paragraph"))
            textLine = max(1, line - trailingLines)
            add(StyledText(plain: bare), kind: .paragraph, language: nil)
        }
    }

    private func startText() {
        runs = []
        styles = []
        textLine = line
    }

    // MARK: Building

    /// A translated paragraph or item belongs to the untranslated one of the same
    /// kind just before it, as `msgfmt --xml` and itstool write them.
    ///
    /// A text over ``SpecLimits/noteTextLength`` is cut here, with `…`, and reported
    /// with its line: a 3 MB paragraph is never kept whole, let alone laid out.
    private func add(_ whole: StyledText, kind: UnitKind, language: String?) {
        guard !whole.isEmpty, var changed = block else { return }
        // Taken out and put back, the stored one let go first: its units stay referenced
        // once, so they are changed in place (a copy changed and stored back copied all
        // its units at every text: 10,000 items took 2 s to read). Not `block?.units…` in
        // place: Swift 6.0.3's optimiser crashes on that at -O (DestroyAddrHoisting asserts
        // "found local kill for non-local gen?!"; fixed after 6.0 by swiftlang/swift#77908).
        block = nil
        defer { block = changed }
        var text = whole
        if let (cut, length) = whole.cut(to: SpecLimits.noteTextLength) {
            text = cut
            let what = kind == .paragraph ? "paragraph" : "list item"
            findings.append(MetainfoReleases.Finding(
                file: file, line: max(1, textLine),
                message: "\(what)\(language.map { " (xml:lang \($0))" } ?? "") of \(length) characters: "
                    + "the window shows the first \(SpecLimits.noteTextLength) and \u{2026}"))
        }
        if let language, let last = changed.units.last, last.kind == kind,
           !last.variants.contains(where: { $0.language == language }) {
            changed.units[changed.units.count - 1].variants.append((language, text))
        } else {
            changed.units.append(Unit(kind: kind, variants: [(language, text)],
                                      listLine: kind == .paragraph ? 0 : listLine))
        }
    }

    private func finish(_ pending: PendingRelease) {
        guard let text = pending.version, let version = pending.parsedVersion else {
            ignoredVersions.append(pending.version ?? "")
            findings.append(MetainfoReleases.Finding(
                file: file, line: pending.line,
                message: pending.version.map { "release version \(quoted($0)) is no version: its notes never show" }
                    ?? "<release> without a version: its notes never show"))
            return
        }
        if !pending.countedBlocks.isEmpty {
            // Only checked: the best description (as blocks(of:) picks it) has notes or not.
            let best = pending.countedBlocks.min { rank($0.language) < rank($1.language) }
            var unread = ReleaseNotes(version: version, versionText: text, kind: pending.kind, date: pending.date,
                                      detailsURL: pending.detailsURL)
            unread.hasUnreadNotes = best.map { rank($0.language) < Int.max && $0.hasNotes } ?? false
            releases.append(unread)
            releaseLines.append(pending.line)
            return
        }
        let (description, cutTexts) = blocks(of: pending.blocks, release: text, line: pending.line)
        if description.isEmpty && !pending.blocks.isEmpty {
            // Every description is in a language the untranslated reader does not read.
            let languages = pending.blocks.compactMap(\.language)
            if languages.count == pending.blocks.count {
                findings.append(MetainfoReleases.Finding(
                    file: file, line: pending.line,
                    message: "release \(text) has a description only in \(languages.joined(separator: ", ")): "
                        + "no untranslated notes to show"))
            }
        }
        releases.append(ReleaseNotes(
            version: version,
            versionText: text,
            kind: pending.kind,
            date: pending.date,
            description: description,
            detailsURL: pending.detailsURL,
            cutTexts: cutTexts))
        releaseLines.append(pending.line)
        if !description.isEmpty { releasesWithNotesRead += 1 }
    }

    /// The line of each of ``releases``' `<release>`, for the findings of the window's caps.
    private(set) var releaseLines: [Int] = []

    /// What a What's New window that crosses every release of the file leaves out under
    /// the window's caps (``NotesBudget``), as one finding at the first release it leaves out.
    func checkWindowCaps() {
        let order = releases.indices.filter { releases[$0].hasNotes }
            .sorted { releases[$0].version > releases[$1].version }
        let budget = NotesBudget(order.map { releases[$0] }, countingAll: true)
        guard budget.leftOutReleases > 0, let first = order.dropFirst(budget.shown.count).first else { return }
        findings.append(MetainfoReleases.Finding(
            file: file, line: releaseLines[first],
            message: "the \(order.count) releases with notes hold \(budget.totalTexts) paragraphs and items, "
                + "\(budget.totalCharacters) characters: a What's New window crossing them all shows the newest "
                + "\(budget.shown.count) (at most \(SpecLimits.shownReleases) releases, \(SpecLimits.shownTexts) "
                + "paragraphs and items, \(SpecLimits.shownCharacters) characters) and counts the "
                + "\(budget.leftOutReleases) older ones in its footnote"))
    }

    /// Picks the best description block, then the best variant of each unit in it,
    /// and groups the items of each list; the items of a list after
    /// ``SpecLimits/noteListItems`` and the texts of the release after
    /// ``SpecLimits/noteReleaseTexts`` are left out, counted (the second value) and
    /// reported with their line.
    private func blocks(of descriptions: [Block], release: String, line: Int) -> ([DescriptionBlock], Int) {
        guard let block = descriptions.min(by: { rank($0.language) < rank($1.language) }),
              rank(block.language) < Int.max else { return ([], 0) }
        var result: [DescriptionBlock] = []
        var items: [StyledText] = []
        var itemsKind: UnitKind?
        var itemsLine = 0
        var listLeftOut = 0
        var kept = 0
        var releaseLeftOut = 0
        var listsLeftOut = 0
        func flush() {
            if case let .item(_, ordered)? = itemsKind, !items.isEmpty {
                result.append(ordered ? .numberedList(items) : .bulletList(items))
            }
            if listLeftOut > 0 {
                findings.append(MetainfoReleases.Finding(
                    file: file, line: max(1, itemsLine),
                    message: "list of \(SpecLimits.noteListItems + listLeftOut) items: the window shows the first "
                        + "\(SpecLimits.noteListItems) and says how many more"))
            }
            items = []
            itemsKind = nil
            listLeftOut = 0
        }
        for unit in block.units {
            guard let best = unit.variants.min(by: { rank($0.language) < rank($1.language) }),
                  rank(best.language) < Int.max else { continue }
            if kept >= SpecLimits.noteReleaseTexts {
                releaseLeftOut += 1
                continue
            }
            switch unit.kind {
            case .paragraph:
                flush()
                result.append(.paragraph(best.text))
                kept += 1
            case .item:
                if itemsKind != unit.kind { flush() }
                itemsKind = unit.kind
                itemsLine = unit.listLine
                if items.count < SpecLimits.noteListItems {
                    items.append(best.text)
                    kept += 1
                } else {
                    listLeftOut += 1
                    listsLeftOut += 1
                }
            }
        }
        flush()
        if releaseLeftOut > 0 {
            findings.append(MetainfoReleases.Finding(
                file: file, line: line,
                message: "release \(release) has \(kept + releaseLeftOut) paragraphs and items (after the lists' cap): "
                    + "the window shows the first \(SpecLimits.noteReleaseTexts) and says how many more"))
        }
        return (result, releaseLeftOut + listsLeftOut)
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

    /// `YYYY-MM-DD` (UTC) of a release's `timestamp` attribute (seconds since 1970),
    /// which AppStream allows instead of `date`.
    private static func day(ofTimestamp text: String) -> String? {
        guard let seconds = gint64(text), let time = g_date_time_new_from_unix_utc(seconds) else { return nil }
        defer { g_date_time_unref(time) }
        guard let formatted = g_date_time_format(time, "%Y-%m-%d") else { return nil }
        defer { g_free(formatted) }
        return String(cString: formatted)
    }

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
