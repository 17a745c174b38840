import Foundation
import Locking
import Testing

/// A `gps` process left running while the test talks to it, its standard output collected.
final class BackgroundCommand {
    private let process = Process()
    private let collected = OutputBuffer()

    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: try #require(CommandRunner.gpsPath))
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [collected] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            collected.text.withLock { $0 += text }
        }
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// What it printed so far.
    var output: String { collected.text.withLock { $0 } }

    /// Waits up to `timeout` for `condition` on the output (a guard against hangs: generous,
    /// since the whole suite runs in parallel on two cores).
    func waitForOutput(timeout: Duration = .seconds(30), until condition: (String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while !condition(output) {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// Sends Ctrl-C (SIGINT) and returns the exit status.
    func interrupt() -> Int32 {
        process.interrupt()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// Output appended from the pipe's reading thread.
private final class OutputBuffer: Sendable {
    let text = LockedState("")
}
