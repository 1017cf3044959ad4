import FirstOpenFlow
import CGtk
import FirstOpenContent
import FirstOpenState
@testable import FirstOpenViews
import Foundation
import XCTest
import FirstOpenTestSupport

/// The Swift counterpart of `first_open_presenter_new_from_appdata`: a metainfo file in
/// the app's GResource (as libadwaita's About window reads it), or none for the default
/// GApplication's installed one.
final class AppdataTests: XCTestCase {
    func testTheMetainfoFileComesFromTheAppsGResource() throws {
        try MainActor.assumeIsolated {
            try requireGTK()
            let folder = try TemporaryDirectory("first-open-appdata")
            defer { folder.remove() }
            let root = folder.path
            try """
                <component><id>org.example.Resourceful</id><name>Resourceful</name>
                <icon type="stock">accessories-calculator</icon><releases>
                <release version="2.0" date="2024-09-16"><description><p>From the <em>resource</em></p></description></release>
                <release version="1.0"/></releases></component>
                """.write(toFile: root + "/app.metainfo.xml", atomically: false, encoding: .utf8)
            try """
                <?xml version="1.0" encoding="UTF-8"?>
                <gresources><gresource prefix="/org/example/Resourceful"><file>app.metainfo.xml</file></gresource></gresources>
                """.write(toFile: root + "/app.gresource.xml", atomically: false, encoding: .utf8)
            let compile = Process()
            compile.executableURL = URL(fileURLWithPath: "/usr/bin/glib-compile-resources")
            compile.arguments = ["--sourcedir", root, "--target", root + "/app.gresource", root + "/app.gresource.xml"]
            try compile.run()
            compile.waitUntilExit()
            XCTAssertEqual(compile.terminationStatus, 0)
            var error: UnsafeMutablePointer<GError>?
            let resource = try XCTUnwrap(g_resource_load(root + "/app.gresource", &error))
            g_resources_register(resource)
            defer { g_resources_unregister(resource); g_resource_unref(resource) }

            let spec = try SpecFile.fromAppdata("/org/example/Resourceful/app.metainfo.xml")
            XCTAssertEqual(spec.appID, "org.example.Resourceful")
            XCTAssertEqual(spec.name, "Resourceful")
            XCTAssertEqual(spec.iconName, "accessories-calculator")
            XCTAssertEqual(try spec.currentVersion().description, "2.0")
            let content = try XCTUnwrap(spec.windowContent(kind: .whatsNew, from: try Version("1.0"), to: try Version("2.0")))
            XCTAssertEqual(content.sections.first?.description.first,
                           .paragraph(StyledText([.init("From the "), .init("resource", style: .emphasis)])))

            XCTAssertThrowsError(try SpecFile.fromAppdata("/org/example/Resourceful/missing.xml")) { error in
                XCTAssertTrue("\(error)".hasPrefix("resource:///org/example/Resourceful/missing.xml: "), "\(error)")
            }
            // No default GApplication in the test process: one clear error.
            XCTAssertThrowsError(try SpecFile.fromAppdata(nil)) { error in
                XCTAssertTrue("\(error)".contains("no default GApplication"), "\(error)")
            }
        }
    }
}
