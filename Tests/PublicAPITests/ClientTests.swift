import FirstOpenViews
import OtherGTKBindings
import XCTest

/// An app that imports FirstOpenViews next to its own GTK bindings: `Window`, `Widget`,
/// `GTK` and `Color` are the bindings' (this file compiles only if FirstOpenViews
/// declares none of them publicly), and the embedding API is reached by its own names.
/// Not `@testable`, and not importing the package's other modules: what an app sees.
final class ClientTests: XCTestCase {
    func testTheAppsOwnGTKNamesAreItsOwn() {
        let window: Widget = Window(name: "main")
        XCTAssertEqual(window.name, "main")
        XCTAssertEqual(GTK.bindingsVersion, "1.0")
        XCTAssertEqual(Color("tram green"), Color("tram green"))
    }

    func testTheEmbeddingAPIUnderItsOwnNames() throws {
        let options = FirstOpenOptions(
            appID: "org.example.Car", version: "1.3.0", policy: UpdatePolicy(change: .minor),
            store: InMemoryVersionStore(), mainColor: .green,
            informationDetailViews: [
                InformationDetailView(title: "Tram", subTitle: "A rail vehicle.", image: "mark-location-symbolic",
                                      mainColor: FirstOpenColor("#26a269")),
            ])
        XCTAssertEqual(options.informationDetailViews.first?.informationRow.color, "#26a269")
        XCTAssertEqual(options.mainColor, FirstOpenColor.green)
        XCTAssertEqual(try Version("1.3.0"), try Version(options.version))
        // Type-checked, not run (no display here): the calls an app makes on its window.
        let embed: @MainActor (FirstOpenWindow) -> Void = { window in
            window.welcomeView(version: "1.3.0", informationDetailViews: options.informationDetailViews)
                .whatsNewView(version: "1.3.0", informationDetailViews: [])
                .firstOpenView(.welcome, options)
        }
        _ = embed
    }
}
