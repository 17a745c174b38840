import Foundation
import Locking
import Testing
import TestSupport

/// Runs the built `gps` command, found beside the test bundle in the build folder.
enum CommandRunner {
    /// What a run printed and how it ended.
    struct Outcome {
        var status: Int32
        var output: String
        var errorOutput: String
    }

    /// The package checkout this test was built from.
    static let packageRoot = SharedMaterial.packageRoot

    /// `.build/<triple>/debug/gps` (or release), next to the test bundle; `nil` when the
    /// product was not built.
    static let gpsPath = builtProduct("gps")

    /// `.build/<triple>/debug/NearbyScreen`, the sample; `nil` when it was not built.
    static let nearbyScreenPath = builtProduct("NearbyScreen")

    /// The executable product `name` next to the test bundle; `nil` when it was not built.
    private static func builtProduct(_ name: String) -> String? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        // The test bundle may be a folder (…/GPSReaderPackageTests.xctest/…) or an executable.
        while !folder.path.isEmpty, folder.path != "/" {
            let candidate = folder.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    static let missingMessage = "the gps product is not built beside the tests: run `swift build` first"

    /// Runs `gps arguments…` (or another built `program`), optionally through `setpriv` as the
    /// `nobody` user, and waits for it to exit on a thread of its own (`onOwnThread`): the
    /// commands of tests running side by side run side by side, at most `processes` at once.
    static func run(_ arguments: [String], asNobody: Bool = false, program: String? = gpsPath) async throws -> Outcome {
        try await processes.run {
            try await onOwnThread { Result { try runBlocking(arguments, asNobody: asNobody, program: program) } }.get()
        }
    }

    /// The commands that run at once: each one's wait (for a receiver, a timeout) overlaps the
    /// others', and no more start together than two cores take.
    private static let processes = ConcurrencyLimit(3)

    private static func runBlocking(_ arguments: [String], asNobody: Bool, program: String?) throws -> Outcome {
        let process = Process()
        let gps = try #require(program)
        if asNobody {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", gps] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: gps)
            process.arguments = arguments
        }
        process.currentDirectoryURL = packageRoot
        let output = Pipe(), errorOutput = Pipe()
        process.standardOutput = output
        process.standardError = errorOutput
        try process.run()
        // Both pipes at once: a child that fills one (a sanitizer's report on standard error,
        // say) while the other is read to its end would never exit.
        let errorHandle = errorOutput.fileHandleForReading
        let errors = LockedState(Data()), errorsRead = DispatchSemaphore(value: 0)
        Thread {
            let data = errorHandle.readDataToEndOfFile()
            errors.withLock { $0 = data }
            errorsRead.signal()
        }.start()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: printed, as: UTF8.self),
                       errorOutput: String(decoding: errors.withLock { $0 }, as: UTF8.self))
    }
}
