import Foundation

/// How a program run by a test ended: what it wrote to standard output and its status.
public struct Subprocess: Sendable {
    /// What the program wrote to standard output.
    public var output: String
    /// Its exit status, or 128 + the signal that ended it.
    public var status: Int32

    /// The path of `name` in /usr/bin, /usr/sbin or /usr/local/bin, or `nil`.
    public static func find(_ name: String) -> String? {
        ["/usr/bin", "/usr/sbin", "/usr/local/bin"].map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `program` with `arguments` until it exits, or `timeout` passes and it is killed,
    /// waiting without holding a thread (see `Spawned`).
    public static func run(_ program: String, _ arguments: [String], timeout: Duration = .seconds(30)) async throws -> Subprocess {
        try await Spawned(program, arguments).waitForExit(timeout: timeout)
    }
}
