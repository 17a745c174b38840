import Foundation
import Glibc
@testable import SerialPort
import Testing
import TestSupport

/// Reads from `port` until `count` bytes arrived or `timeout` passed.
func readBytes(_ count: Int, from port: SerialPort, timeout: Duration = .seconds(2)) throws(SerialPortError) -> [UInt8] {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    var received: [UInt8] = []
    var block = [UInt8](repeating: 0, count: 4096)
    while received.count < count, case let left = ContinuousClock.now.duration(to: deadline), left > .zero {
        let read = try block.withUnsafeMutableBytes { buffer in
            Result { () throws(SerialPortError) in try port.read(into: buffer, timeout: left) }
        }.get()
        received += block[..<read]
    }
    return received
}

/// `path` with every link resolved (`realpath`), or `path` itself when it cannot be resolved.
func resolvedPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// CPU time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`).
func threadCPUTime() -> Duration {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
}

/// Whether `line` (no `\r\n`) is `$...*HH` with the right XOR checksum: the validator a
/// real program gets from the NMEA module.
func hasGoodChecksum(_ line: UnsafeRawBufferPointer) -> Bool {
    guard line.count >= 4, line.first == UInt8(ascii: "$"), line[line.count - 3] == UInt8(ascii: "*"),
          let expected = UInt8(String(decoding: line[(line.count - 2)...], as: UTF8.self), radix: 16)
    else { return false }
    return line[1..<(line.count - 3)].reduce(0, ^) == expected
}

/// `body` with a complete NMEA sentence checksum appended, plus `\r\n`.
func checksummedLine(_ body: String) -> [UInt8] {
    let checksum = body.utf8.reduce(0, ^)
    return Array("$\(body)*\(String(format: "%02X", checksum))\r\n".utf8)
}

/// A folder in the temporary directory, removed with everything in it on deinit.
final class TemporaryFolder {
    let path: String

    init() throws {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("SerialPortTests.XXXXXX").path
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        // Resolved, so paths compare equal to what realpath gives inside the library.
        path = resolvedPath(String(cString: made))
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `contents` to `relativePath`, creating folders on the way.
    func write(_ contents: String, to relativePath: String) throws {
        let url = URL(fileURLWithPath: path + "/" + relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url, atomically: false, encoding: .utf8)
    }

    /// Makes a symbolic link at `relativePath` whose target is `target`, verbatim.
    func link(_ relativePath: String, to target: String) throws {
        let url = URL(fileURLWithPath: path + "/" + relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    /// Makes the folder `relativePath` and its parents.
    func makeFolder(_ relativePath: String) throws {
        try FileManager.default.createDirectory(atPath: path + "/" + relativePath, withIntermediateDirectories: true)
    }
}

/// Waits until the program has read everything `receiver` sent: a hang-up discards unread
/// input, as a real unplug does, so tests that unplug after sending wait for this first.
func waitUntilDrained(_ receiver: VirtualReceiver, timeout: Duration = .seconds(30)) async throws {
    guard try await eventually("the program has read every byte", timeout: timeout, { try receiver.unreadByteCount() == 0 }) else {
        throw POSIXError(.ETIMEDOUT)
    }
}
