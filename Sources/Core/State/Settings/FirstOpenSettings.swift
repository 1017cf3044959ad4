internal import CGLib

/// Admin defaults and user choices, from key files:
///
/// - admin: `first-open/first-open.conf` in each of `$XDG_CONFIG_DIRS`
///   (`g_get_system_config_dirs()`, e.g. `/etc/xdg`); for each key the first
///   directory that sets it wins;
/// - user: `$XDG_CONFIG_HOME/first-open/first-open.conf` (`g_get_user_config_dir()`),
///   which overrides the admin files except for keys the admin locked.
///
/// ```ini
/// [Defaults]
/// ShowWhatsNew=true
/// Policy=minor
/// ShowInLiveSessions=false
/// ShowForSystemAccounts=false
/// # admin files only: user values for these keys are ignored
/// Locked=ShowWhatsNew;Policy
///
/// [App org.example.Car]
/// Policy=patch
/// ```
/// Within a file, `[App ‹id›]` overrides `[Defaults]`. A broken file or value is a
/// warning, never fatal: the rest still applies.
package struct FirstOpenSettings: Sendable, Equatable {
    /// The configuration keys.
    package enum Key: String, Sendable, CaseIterable, Hashable {
        case showWhatsNew = "ShowWhatsNew"
        case policy = "Policy"
        case showInLiveSessions = "ShowInLiveSessions"
        case showForSystemAccounts = "ShowForSystemAccounts"
    }

    /// The group every app reads.
    package static let defaultsGroup = "Defaults"
    /// The key listing the keys users may not override (admin files only).
    package static let lockedKey = "Locked"
    /// The file's path below a configuration directory.
    package static let relativePath = "first-open/first-open.conf"

    /// The group of one app: `App org.example.Car`.
    package static func appGroup(_ appID: String) -> String { "App " + appID }

    /// Show What's New after significant upgrades (`ShowWhatsNew`, default true).
    package var showsWhatsNew: Bool
    /// The policy change level from configuration (`Policy`); nil when not set, so the
    /// app's own (spec-file) policy applies. See ``updatePolicy(default:)``.
    package var policy: UpdatePolicy.Change?
    /// Show windows in live and guest sessions (`ShowInLiveSessions`, default false).
    package var showsInLiveSessions: Bool
    /// Show windows for system accounts (`ShowForSystemAccounts`, default false).
    package var showsForSystemAccounts: Bool
    /// The file and group whose `ShowWhatsNew=` gave ``showsWhatsNew`` its value
    /// (`/etc/xdg/first-open/first-open.conf [Defaults]`); nil: the default.
    package var showsWhatsNewOrigin: String?
    /// Keys the administrator locked for this app.
    package var lockedKeys: Set<Key>
    /// The user configuration file ``setUserShowsWhatsNew(_:appID:)`` writes; nil means
    /// the GLib default.
    package var userConfigFile: String?

    /// Settings with the given values; the defaults are what applies without any file.
    package init(
        showsWhatsNew: Bool = true,
        policy: UpdatePolicy.Change? = nil,
        showsInLiveSessions: Bool = false,
        showsForSystemAccounts: Bool = false,
        lockedKeys: Set<Key> = [],
        userConfigFile: String? = nil
    ) {
        self.showsWhatsNew = showsWhatsNew
        self.policy = policy
        self.showsInLiveSessions = showsInLiveSessions
        self.showsForSystemAccounts = showsForSystemAccounts
        self.lockedKeys = lockedKeys
        self.userConfigFile = userConfigFile
    }

    /// `specPolicy` with its change level replaced by the configured one, if any.
    package func updatePolicy(default specPolicy: UpdatePolicy) -> UpdatePolicy {
        UpdatePolicy(change: policy ?? specPolicy.change, countsPrereleases: specPolicy.countsPrereleases)
    }

    // MARK: Loading

    /// Loads the settings that apply to `appID`.
    /// - Parameters:
    ///   - systemConfigDirs: the admin directories, most important first; nil means
    ///     `g_get_system_config_dirs()`.
    ///   - userConfigDir: the user's directory; nil means `g_get_user_config_dir()`.
    /// - Returns: the settings and one line per problem found (file and key named).
    package static func load(
        appID: String,
        systemConfigDirs: [String]? = nil,
        userConfigDir: String? = nil
    ) -> (FirstOpenSettings, warnings: [String]) {
        var loader = Loader(appID: appID)
        // Least important first, so the first directory's values win.
        for directory in (systemConfigDirs ?? glibSystemConfigDirs()).reversed() {
            loader.apply(file: directory + "/" + relativePath, isAdmin: true)
        }
        let userFile = (userConfigDir ?? XDGDirectory.userConfig) + "/" + relativePath
        loader.apply(file: userFile, isAdmin: false)
        loader.settings.userConfigFile = userFile
        return (loader.settings, loader.warnings)
    }

    private static func glibSystemConfigDirs() -> [String] {
        XDGDirectory.systemConfig
    }

    /// Applies files in order of importance and collects warnings.
    private struct Loader {
        let appID: String
        var settings = FirstOpenSettings()
        var warnings: [String] = []

        mutating func apply(file path: String, isAdmin: Bool) {
            // Most systems have no settings file: a missing one is skipped before GLib
            // builds (and translates, loading catalogues) an error message for it,
            // which was a measurable part of the login path's nothing-due cost.
            guard g_file_test(path, G_FILE_TEST_EXISTS) != 0 else { return }
            let keyFile = KeyFile()
            do {
                try CheckedFile.withContents(of: path, limit: CheckedFile.smallFileLimit) { data, length in
                    try keyFile.load(data, length: length)
                }
            } catch CheckedFile.Failure.missing {
                return
            } catch let failure as GLibError {
                warnings.append("\(path): ignored: \(Quoted.line(failure.message))")
                return
            } catch {
                warnings.append("\(path): ignored: \(Quoted.line("\(error)"))")
                return
            }
            for group in keyFile.groups
            where group != FirstOpenSettings.defaultsGroup && !group.hasPrefix("App ") {
                warnings.append("\(path): unknown group [\(Quoted.name(group))] ignored (expected [Defaults] or [App ‹app ID›])")
            }
            for group in [FirstOpenSettings.defaultsGroup, FirstOpenSettings.appGroup(appID)]
            where keyFile.hasGroup(group) {
                apply(group: group, of: keyFile, path: path, isAdmin: isAdmin)
            }
        }

        private mutating func apply(group: String, of keyFile: KeyFile, path: String, isAdmin: Bool) {
            func warn(_ key: String, _ message: String) {
                warnings.append("\(path): [\(Quoted.name(group))] \(Quoted.name(key)): \(Quoted.line(message))")
            }
            for name in keyFile.keys(in: group) {
                if name == FirstOpenSettings.lockedKey {
                    guard isAdmin else {
                        warn(name, "ignored: only the administrator's configuration can lock keys")
                        continue
                    }
                    do {
                        for lockedName in try keyFile.stringList(name, in: group) {
                            let trimmed = String(lockedName.filter { !$0.isWhitespace })
                            if trimmed.isEmpty { continue }
                            if let key = Key(rawValue: trimmed) {
                                settings.lockedKeys.insert(key)
                            } else {
                                warn(name, "unknown key \(Quoted.text(trimmed)) ignored")
                            }
                        }
                    } catch {
                        warn(name, error.message)
                    }
                    continue
                }
                guard let key = Key(rawValue: name) else {
                    warn(name, "unknown key ignored (expected one of \(Key.allCases.map(\.rawValue).joined(separator: ", ")), Locked)")
                    continue
                }
                // The administrator's lock: the user's value does not count.
                if !isAdmin && settings.lockedKeys.contains(key) { continue }
                do {
                    switch key {
                    case .showWhatsNew:
                        settings.showsWhatsNew = try keyFile.boolean(name, in: group)
                        settings.showsWhatsNewOrigin = "\(path) [\(Quoted.name(group))]"
                    case .showInLiveSessions:
                        settings.showsInLiveSessions = try keyFile.boolean(name, in: group)
                    case .showForSystemAccounts:
                        settings.showsForSystemAccounts = try keyFile.boolean(name, in: group)
                    case .policy:
                        let text = try keyFile.string(name, in: group)
                        do {
                            settings.policy = try UpdatePolicy(parsing: text).change
                        } catch {
                            warn(name, error.description)
                        }
                    }
                } catch {
                    warn(name, error.message)
                }
            }
        }
    }

    // MARK: Writing

    /// Writes the user's `ShowWhatsNew` choice ("don't show after updates") into the
    /// user configuration file, atomically, keeping everything else in it.
    /// - Parameters:
    ///   - appID: the app's `[App ‹id›]` group; nil writes `[Defaults]` (all apps).
    /// - Throws: ``SettingsError/locked(key:)`` when the administrator locked the key
    ///   (as loaded into ``lockedKeys``), ``SettingsError/unwritable(path:reason:)``
    ///   when the file cannot be written or exists but is broken (it is left alone).
    package func setUserShowsWhatsNew(_ shows: Bool, appID: String?) throws(SettingsError) {
        if let appID, !AppID.isValid(appID) { throw .invalidAppID(appID) }
        if lockedKeys.contains(.showWhatsNew) { throw .locked(key: Key.showWhatsNew.rawValue) }
        let path = userConfigFile
            ?? XDGDirectory.userConfig + "/" + Self.relativePath
        let directory = Self.parentDirectory(of: path)
        if let other = OtherUsersFolder.find(creatingIn: directory) {
            throw .unwritable(path: directory, reason: "refusing to write: \(other)")
        }
        if let reason = GLibFile.makeDirectory(directory, mode: 0o700) {
            throw .unwritable(path: directory, reason: reason)
        }
        // Read-modify-write under a lock next to the file: two apps' windows dismissed
        // at once must not drop each other's choice.
        let lock: StateLock?
        do {
            lock = try StateLock.acquire(path: path + ".lock", waitingUpTo: KeyFileVersionStore.recordLockTimeout)
        } catch {
            throw .unwritable(path: path + ".lock", reason: error.description)
        }
        guard let lock else {
            throw .unwritable(path: path + ".lock", reason: "another process has held the settings lock for \(Int(KeyFileVersionStore.recordLockTimeout)) s")
        }
        defer { lock.release() }
        let keyFile = KeyFile()
        do {
            try CheckedFile.withContents(of: path, limit: CheckedFile.smallFileLimit) { data, length in
                try keyFile.load(data, length: length)
            }
        } catch CheckedFile.Failure.missing {
            // A new file.
        } catch {
            throw .unwritable(path: path, reason: "the existing file cannot be read as a key file, left unchanged: \(error)")
        }
        let group = appID.map(Self.appGroup) ?? Self.defaultsGroup
        keyFile.setBoolean(shows, for: Key.showWhatsNew.rawValue, in: group)
        do {
            try keyFile.write(to: path, mode: 0o644)
        } catch {
            throw .unwritable(path: path, reason: error.message)
        }
    }

    private static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
