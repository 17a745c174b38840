import Foundation

/// Locates the material that lives beside a checkout, in `../shared`.
///
/// A user's fresh clone has no such folder, so every accessor returns `nil`
/// there and tests skip with `SharedMaterial.missingMessage`.
public enum SharedMaterial {
    /// The package checkout the tests were built from.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The `shared` folder beside the package checkout, or `nil` when absent.
    public static let root: URL? = {
        let package = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // TestSupport
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
        let shared = package.deletingLastPathComponent().appendingPathComponent("shared")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: shared.path, isDirectory: &isDirectory),
              isDirectory.boolValue else { return nil }
        return shared
    }()

    /// `shared/corpus`, or `nil` when absent.
    public static var corpus: URL? {
        root.map { $0.appendingPathComponent("corpus") }
    }

    /// `shared/corpus/gpsd`, or `nil` when absent.
    public static var gpsdLogs: URL? {
        corpus.map { $0.appendingPathComponent("gpsd") }
    }

    /// `shared/corpus/gpsd-ubx`, gpsd's u-blox logs, or `nil` when absent.
    public static var ubxLogs: URL? {
        corpus.map { $0.appendingPathComponent("gpsd-ubx") }
    }

    /// Why a test that needs `../shared` did not run.
    public static let missingMessage =
        "../shared/corpus is not beside this checkout (a fresh clone): skipping corpus test"
}
