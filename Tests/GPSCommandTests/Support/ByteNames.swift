import Foundation
import Glibc
import POSIXSupport
import Testing

/// Files, folders and `gps` runs whose names are bytes that are not UTF-8, for the tests of paths
/// that `String` cannot hold: names are written with `printf`'s octal escapes in `sh`, and read
/// back with `readdir`, never through Foundation (which would put U+FFFD in their place).
enum ByteNames {
    /// A new, empty folder for one test.
    static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gps-bytes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// `folder`/`name`, the name's bytes as they are.
    static func path(_ folder: String, _ name: [UInt8]) -> FilePath {
        FilePath(bytes: Array((folder + "/").utf8) + name)
    }

    /// Writes `contents` into `folder`/`name`.
    static func write(_ contents: [UInt8], to folder: String, named name: [UInt8]) throws {
        let descriptor = path(folder, name).withCString { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(contents.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == contents.count)
    }

    /// The names in `folder` as `readdir` gives them, bytes and all.
    static func names(in folder: String) -> [[UInt8]] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != Array(".".utf8), name != Array("..".utf8) { names.append(name) }
        }
        return names
    }

    /// `gps` run to its end by `sh` in `folder`: `script` follows `exec gps`, `$1` is the folder.
    static func run(_ script: String, in folder: String) async throws -> CommandRunner.Outcome {
        try await CommandRunner.run(["-c", "cd \"$1\" && exec \"$0\" " + script, try #require(CommandRunner.gpsPath), folder], program: "/bin/sh")
    }

    /// `gps` left running by `sh` in `folder`, its standard error beside its output.
    static func start(_ script: String, in folder: String) throws -> BackgroundCommand {
        try BackgroundCommand(shellScript: "cd '\(folder)' && exec \"$0\" " + script, mergingStandardError: true)
    }
}
