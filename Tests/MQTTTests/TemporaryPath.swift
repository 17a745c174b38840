import Foundation

/// A path in the temporary directory that nothing is at yet: a spool's directory to be, or a file.
func temporaryPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)").path
}
