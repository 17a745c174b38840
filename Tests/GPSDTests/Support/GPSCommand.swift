import Foundation

/// The built `gps` command, found beside the test bundle in the build folder.
enum GPSCommand {
    /// `.build/<triple>/debug/gps` (or release); `nil` when the product was not built.
    static let path: String? = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while !folder.path.isEmpty, folder.path != "/" {
            let candidate = folder.appendingPathComponent("gps").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }()

    static let missingMessage = "the gps product is not built beside the tests: run `swift build` first"
}
