package import FirstOpenContent
package import FirstOpenFlow
package import FirstOpenState

/// What `first-open` decided, handed to `first-open-window show` on its command line
/// together with the app's lock, so that the window process shows and records exactly
/// that: it reads the spec again (it needs the rows and images), and refuses when the
/// spec it finds is another app's or another version (a symbolic link swapped between
/// the decision and the window) instead of showing and recording the wrong app.
package struct WindowHandover: Equatable, Sendable {
    /// The app whose record is written on dismissal.
    package var appID: String
    /// The window decided on.
    package var kind: FirstOpenWindowKind
    /// The version recorded on dismissal (the current version when deciding).
    package var version: Version
    /// What's New: the notes after this version.
    package var from: Version?
    /// The inherited window lock.
    package var lockFileDescriptor: Int32

    /// The hand-over of a presentation `first-open` decided on.
    package init(_ presentation: Presentation) {
        appID = presentation.appID
        kind = presentation.content.kind
        version = presentation.version
        if case .whatsNew(let from, _) = presentation.decision { self.from = from }
        lockFileDescriptor = presentation.lock.fileDescriptor
    }

    /// A hand-over read from `first-open-window`'s options.
    package init(appID: String, kind: FirstOpenWindowKind, version: Version, from: Version?, lockFileDescriptor: Int32) {
        self.appID = appID
        self.kind = kind
        self.version = version
        self.from = from
        self.lockFileDescriptor = lockFileDescriptor
    }

    /// What the flow decided under the lock: Welcome of ``version``, or What's New from
    /// ``from`` to it (`first-open-window` refuses a What's New hand-over without `--from`).
    package var decision: Decision {
        switch kind {
        case .welcome: .welcome(current: version)
        case .whatsNew: .whatsNew(from: from ?? version, to: version)
        }
    }

    /// The presentation `first-open`'s flow decided on, in the window process that shows
    /// it: `content` read again from the spec (after ``check(_:)``), `lock` the inherited
    /// one; ``Presentation/recordDismissal()`` writes the record, as in every front end.
    package func presentation(content: WindowContent, lock: StateLock,
                              store: any VersionStore = KeyFileVersionStore()) -> Presentation {
        Presentation(handedOver: decision, content: content, lock: lock, appID: appID, version: version, store: store)
    }

    /// `first-open-window show`'s options for it (before `-- SPEC`).
    package var arguments: [String] {
        var arguments = ["--kind", kind.rawValue, "--app-id", appID, "--record-version", version.description]
        if let from { arguments += ["--from", from.description] }
        return arguments + ["--lock-fd", String(lockFileDescriptor)]
    }

    /// Checks that `spec`, read again by the window process, is the app and version
    /// that were decided on.
    /// - Throws: ``FirstOpenFailure/changedSinceDecision(_:)`` otherwise.
    package func check(_ spec: SpecFile) throws(FirstOpenFailure) {
        guard spec.appID == appID else {
            throw .changedSinceDecision(
                "\(spec.path): AppId is now \(Quoted.text(spec.appID)), not \(Quoted.text(appID)) as when first-open decided; nothing shown, nothing recorded")
        }
        let current: Version
        do {
            current = try spec.currentVersion()
        } catch {
            throw .spec(error)
        }
        guard current == version else {
            throw .changedSinceDecision(
                "\(spec.path): the version of \(appID) is now \(current), not \(version) as when first-open decided; nothing shown, nothing recorded")
        }
    }
}
