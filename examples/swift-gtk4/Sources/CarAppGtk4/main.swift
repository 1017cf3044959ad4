import CGtk4
import FirstOpenClient
import Foundation

// The running version; pass another one to play an update (car-app-gtk4 1.4.0).
let version = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "1.3.0"

guard gtk_init_check() != 0 else {
    FileHandle.standardError.write(Data("car-app-gtk4: cannot open the display\n".utf8))
    exit(69)
}

/// One line on stdout (unbuffered: a test reads it while the app runs).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data("car-app-gtk4: \(line)\n".utf8))
}

/// What the app does once its window has a handle another process can name.
@MainActor func showFirstOpen(over parent: FirstOpenParent) {
    parent
        .welcomeView(
            appID: "org.example.Car", appName: "Car", version: version,
            imageName: "org.example.Car", mainColor: .blue,
            informationDetailViews: [
                InformationDetailView(title: "Car",
                                      subTitle: "A car (or automobile) is a wheeled motor vehicle used for transportation.",
                                      image: "emoji-travel-symbolic"),
                InformationDetailView(title: "Airplane",
                                      subTitle: "An airplane is a powered, fixed-wing aircraft.",
                                      image: "airplane-mode-symbolic"),
                InformationDetailView(title: "Tram",
                                      subTitle: "A tram is a rail vehicle that runs on tramway tracks.",
                                      image: "mark-location-symbolic", mainColor: FirstOpenColor("#26a269")),
            ],
            completion: { outcome in say("\(outcome)") })
        .whatsNewView(
            appID: "org.example.Car", appName: "Car", version: version, policy: UpdatePolicy(change: .minor),
            informationDetailViews: [
                InformationDetailView(title: "Dark style", subTitle: "Follows the system dark style.",
                                      image: "weather-clear-night-symbolic"),
            ])
}

let window = car_gtk_window(gtk_window_new())!
gtk_window_set_title(window, "Car")
gtk_window_set_default_size(window, 640, 480)
nonisolated(unsafe) var running = true
_ = car_on_close_request(window, { _, _ in running = false; return 0 }, nil)
// The window's handle for another process exists once it is mapped: x11:XID at once,
// wayland:HANDLE when the compositor answered.
FirstOpenParent.whenMapped(gtk4Widget: UnsafeMutableRawPointer(window)) { parent in
    guard let parent else { return say("this window has no handle for other processes; no Welcome window") }
    showFirstOpen(over: parent)
}
gtk_window_present(window)
while running { g_main_context_iteration(nil, 1) }
