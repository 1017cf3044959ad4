import Foundation
import FirstOpenTestSupport
import XCTest

/// A file of data/examples.
func example(_ name: String) -> String {
    packageRoot.path + "/data/examples/" + name
}

/// The head of a valid spec, for tests that add groups or vary one key.
let minimalMain = """
    [First Open]
    AppId=org.example.Test
    Name=Test
    Version=2.0

    """
