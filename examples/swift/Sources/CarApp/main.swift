import FirstOpenViews
import Foundation

// The running version; pass another one to play an update (car-app 1.4.0).
let version = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "1.3.0"

guard FirstOpenGTK.initialize() else {
    FileHandle.standardError.write(Data("car-app: cannot open the display\n".utf8))
    exit(69)
}
let window = FirstOpenWindow(title: "Car")  // or FirstOpenWindow(borrowing: yourGtkWindowPointer)
window.setDefaultSize(width: 640, height: 480)
window.onDestroy { FirstOpenGTK.quitMainLoop() }
// Who the app is, said once for both windows: id, name, icon and accent colour (the
// rows' icons follow it unless a row names a colour of its own).
let car = FirstOpenIdentity(appID: "org.example.Car", appName: "Car", imageName: "org.example.Car", mainColor: .blue)
window
    .welcomeView(
        car, version: version,
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
        ])
    .whatsNewView(
        car, version: version, policy: UpdatePolicy(change: .minor),
        informationDetailViews: [
            InformationDetailView(title: "Dark style", subTitle: "Follows the system dark style.",
                                  image: "weather-clear-night-symbolic"),
        ],
        onDismiss: { reason in print("dismissed What's New: \(reason)") })
window.showAll()
FirstOpenGTK.runMainLoop()
