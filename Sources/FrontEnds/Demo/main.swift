// first-open-demo: a small GTK app that embeds FirstOpenViews on its main window.
//
//   first-open-demo                     Welcome over the main window (in-memory record,
//                                       so it shows on every start)
//   first-open-demo --whats-new         What's New (the record says 1.0, this is 2.0)
//   first-open-demo --persistent        use the real record in $XDG_STATE_HOME/first-open
//   first-open-demo --screenshot F.png  render the window to a PNG and exit
//       [--scale N] [--rows N] [--hostile-text]
import FirstOpenState
import FirstOpenContent
import FirstOpenFlow
import FirstOpenViews
import Glibc
import FirstOpenGTKWrappers

/// What the command line asked for.
struct Options {
    var whatsNew = false
    var persistent = false
    var screenshot: String?
    var scale = 1
    var rowCount: Int?
    var hostileText = false

    static let usage = """
        Usage: first-open-demo [--whats-new] [--persistent]
               first-open-demo --screenshot FILE.png [--whats-new] [--scale N] [--rows N] [--hostile-text]
        """

    init(arguments: [String]) throws(UsageError) {
        var iterator = arguments.makeIterator()
        func value(for flag: String) throws(UsageError) -> String {
            guard let value = iterator.next() else { throw UsageError("\(flag) needs a value") }
            return value
        }
        func number(for flag: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
            let text = try value(for: flag)
            guard let number = Int(text), range.contains(number) else {
                throw UsageError("\(flag) expects a number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
            }
            return number
        }
        while let argument = iterator.next() {
            switch argument {
            case "--whats-new": whatsNew = true
            case "--persistent": persistent = true
            case "--screenshot": screenshot = try value(for: argument)
            case "--scale": scale = try number(for: argument, in: 1...4)
            case "--rows": rowCount = try number(for: argument, in: 1...500)
            case "--hostile-text": hostileText = true
            case "-h", "--help":
                print(Options.usage)
                exit(0)
            default: throw UsageError("unknown option \"\(argument)\"")
            }
        }
    }
}

struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

let appID = "org.example.FirstOpenDemo"
let appName = "Car"

/// The seed's three rows.
let seedRows = [
    InformationDetailView(
        title: "Car",
        subTitle: "A car (or automobile) is a wheeled motor vehicle used for transportation.",
        image: "emoji-travel-symbolic"),
    InformationDetailView(
        title: "Airplane",
        subTitle: "An airplane or aeroplane (informally plane) is a powered, fixed-wing aircraft that is propelled forward by thrust from a jet engine, propeller or rocket engine.",
        image: "airplane-mode-symbolic"),
    InformationDetailView(
        title: "Tram",
        subTitle: "A tram (in North America streetcar or trolley) is a rail vehicle that runs on tramway tracks along public urban streets.",
        image: "mark-location-symbolic"),
]

let whatsNewRows = [
    InformationDetailView(
        title: "Dark style",
        subTitle: "The app follows the system's dark style preference.",
        image: "weather-clear-night-symbolic"),
    InformationDetailView(
        title: "Faster start",
        subTitle: "Opening the app takes half as long as before.",
        image: "view-refresh-symbolic", mainColor: .green),
    InformationDetailView(
        title: "Favourites",
        subTitle: "Star the places you visit most and find them at the top of the list.",
        image: "starred-symbolic", mainColor: .orange),
]

/// The rows for the options: the seed's, many, or hostile text.
func rows(for options: Options) -> [InformationDetailView] {
    var rows = options.whatsNew ? whatsNewRows : seedRows
    if options.hostileText {
        rows = [
            InformationDetailView(
                title: "<b>&amp;</b> <span foreground='red'>not markup</span>",
                subTitle: "Text is shown as written: <i>no</i> Pango markup, no CSS; } * { color: red; }",
                image: "dialog-warning-symbolic"),
            InformationDetailView(
                title: String(repeating: "Supercalifragilistic", count: 4),
                subTitle: String(repeating: "A very long subtitle that keeps going. ", count: 52),
                image: "missing-icon-name-symbolic"),
        ]
    }
    if let count = options.rowCount {
        rows = (0..<count).map { index in
            var row = rows[index % rows.count]
            row.title = "\(index + 1). \(row.title)"
            return row
        }
    }
    return rows
}

/// Renders the window for `options` to `path` without showing anything.
@MainActor
func renderScreenshot(to path: String, options: Options) -> Int32 {
    let content = WindowContent(
        kind: options.whatsNew ? .whatsNew : .welcome,
        appName: appName,
        iconName: options.hostileText ? nil : "emoji-travel-symbolic",
        sections: [ContentSection(rows: rows(for: options).map(\.informationRow))]
    )
    do {
        let dialog = try FirstOpenDialog(content: content)
        defer { dialog.dismiss() }
        try dialog.renderPNG(to: path, scale: options.scale)
        return 0
    } catch let error as RenderError {
        printError("\(error)")
        return 73
    } catch {
        printError("\(error)")
        return 65
    }
}

/// The app's own main window, with the first-open window attached.
@MainActor
func runApp(options: Options) {
    let window = Window(title: "FirstOpenViews Demo")
    window.setDefaultSize(width: 720, height: 480)
    let column = Box(.vertical, spacing: 12)
    column.setMargins(top: 48, bottom: 48, start: 48, end: 48)
    column.verticalAlignment = .center
    let heading = Label("FirstOpenViews Demo")
    let explanation = Label(
        "This is the app's own main window. The \(options.whatsNew ? "What's New" : "Welcome") window "
            + "appears over it once, when it is first shown.")
    explanation.wraps = true
    let status = Label(options.persistent ? "Record: $XDG_STATE_HOME/first-open" : "Record: in memory (shows on every start)")
    status.addStyleClass("dim-label")
    let quit = Button(label: "Quit")
    quit.horizontalAlignment = .center
    quit.onClicked { window.destroy() }
    for widget in [heading, explanation, status, quit] as [Widget] { column.append(widget) }
    window.add(column)
    window.onDestroy { GTK.quitMainLoop() }

    // A fresh in-memory record shows Welcome on every start; --whats-new pretends
    // version 1.0 was seen before.
    let store: any VersionStore
    if options.persistent {
        store = KeyFileVersionStore()
    } else if options.whatsNew, let old = try? Version("1.0") {
        store = InMemoryVersionStore([appID: old])
    } else {
        store = InMemoryVersionStore()
    }
    let onDismiss: @MainActor (DismissalReason) -> Void = { reason in
        print("first-open-demo: window dismissed (\(reason))")
        status.text = "Dismissed (\(reason)); the record now says 2.0"
    }
    // As an app with GTK bindings of its own does: the embedding API on its GtkWindow.
    let appWindow = FirstOpenWindow(borrowing: window.windowPointer)
    if options.whatsNew {
        appWindow.whatsNewView(
            appID: appID, appName: appName, version: "2.0", store: store,
            imageName: "emoji-travel-symbolic", informationDetailViews: rows(for: options),
            onDismiss: onDismiss)
    } else {
        appWindow.welcomeView(
            appID: appID, appName: appName, version: "2.0", store: store,
            imageName: "emoji-travel-symbolic", informationDetailViews: rows(for: options),
            onDismiss: onDismiss)
    }
    window.showAll()
    GTK.runMainLoop()
}

let options: Options
do {
    options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("\(error.message)\n\(Options.usage)")
    exit(64)
}

/// One line on standard error, prefixed with the program name.
func printError(_ message: String) {
    StandardStream.errorLine(message, program: "first-open-demo")
}

func environment(_ name: String) -> String? {
    guard let value = getenv(name), value.pointee != 0 else { return nil }
    return String(cString: value)
}

if environment("DISPLAY") == nil && environment("WAYLAND_DISPLAY") == nil {
    printError("no display (neither DISPLAY nor WAYLAND_DISPLAY is set); try: xvfb-run -a first-open-demo")
    exit(69)
}

let status: Int32 = MainActor.assumeIsolated {
    guard GTK.initialize() else {
        printError("cannot open the display")
        return 69
    }
    if let path = options.screenshot {
        return renderScreenshot(to: path, options: options)
    }
    runApp(options: options)
    return 0
}
exit(status)
