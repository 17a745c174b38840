// The seam forces errnos in debug builds only.
#if DEBUG
import Glibc
import POSIXSupport
import Testing
import TestSupport
@testable import SerialPort

/// Failure paths reached by forcing errnos through the syscall seam (debug builds). Each plan
/// is bound to the test's task, so tests running in parallel do not see one another's.
@Suite("Forced errnos")
struct ForcedErrnoTests {
    @Test("open errors map to the typed cases", arguments: [
        (EACCES, SerialPortError.permissionDenied(path: "/dev/ttyUSB0")),
        (EPERM, .notPermitted(path: "/dev/ttyUSB0")),
        (ENOENT, .notFound(path: "/dev/ttyUSB0", errno: ENOENT)),
        (ENODEV, .notFound(path: "/dev/ttyUSB0", errno: ENODEV)),
        (ENXIO, .notFound(path: "/dev/ttyUSB0", errno: ENXIO)),
        (EBUSY, .busy(path: "/dev/ttyUSB0", errno: EBUSY)),
        (EMFILE, .system(path: "/dev/ttyUSB0", operation: "open", errno: EMFILE)),
    ])
    func openErrors(errno: CInt, expected: SerialPortError) {
        forcing([.open: [errno]]) {
            #expect(throws: expected) { try SerialPort(path: "/dev/ttyUSB0") }
        }
    }

    @Test("EPERM from tcsetattr while opening is .notPermitted, and the device is released")
    func settingRefused() throws {
        let receiver = try VirtualReceiver()
        forcing([.tcsetattr: [EPERM]]) {
            #expect(throws: SerialPortError.notPermitted(path: receiver.devicePath)) {
                try SerialPort(path: receiver.devicePath)
            }
        }
        _ = try SerialPort(path: receiver.devicePath)
    }

    @Test("EINTR is retried: open, flock, tcsetattr, read and poll")
    func interruptedCallsAreRetried() throws {
        let receiver = try VirtualReceiver()
        let port = try forcing([.open: [EINTR], .flock: [EINTR], .tcsetattr: [EINTR, EINTR]]) {
            try SerialPort(path: receiver.devicePath)
        }
        let bytes = checksummedLine("GPGLL,4916.45,N,12311.12,W,225444,A")
        try receiver.send(bytes)
        let received = try forcing([.read: [EINTR, EINTR, EAGAIN], .poll: [EINTR]]) {
            try readBytes(bytes.count, from: port)
        }
        #expect(received == bytes)
    }

    @Test("EAGAIN is waited on in poll, not spun on")
    func wouldBlockIsWaitedOn() throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        let bytes = checksummedLine("GPVTG,054.7,T,034.4,M,005.5,N,010.2,K")
        try receiver.send(bytes)
        // The forced EAGAIN says "nothing yet" although bytes are queued: the port must go
        // to poll, which reports them, and read again.
        let received = try forcing([.read: [EAGAIN]]) {
            try readBytes(bytes.count, from: port)
        }
        #expect(received == bytes)
    }

    @Test("EIO while reading or writing is .disconnected")
    func inputOutputErrorIsDisconnected() throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        var buffer = [UInt8](repeating: 0, count: 16)
        forcing([.read: [EIO], .write: [EIO]]) {
            #expect(throws: SerialPortError.disconnected(path: receiver.devicePath, errno: EIO)) {
                try buffer.withUnsafeMutableBytes { _ = try port.read(into: $0, timeout: .seconds(1)) }
            }
            #expect(throws: SerialPortError.disconnected(path: receiver.devicePath, errno: EIO)) {
                try port.write([0x24])
            }
        }
    }

    @Test("writes retry EINTR and wait out EAGAIN")
    func writesRetry() throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        let command = checksummedLine("PMTK220,1000")
        try forcing([.write: [EINTR, EAGAIN]]) {
            try port.write(command)
        }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = try buffer.withUnsafeMutableBytes { try receiver.read(into: $0, timeout: .seconds(2)) }
        #expect(Array(buffer[..<count]) == command)
    }

    @Test("a poll failure is reported with its errno")
    func pollFailure() throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        var buffer = [UInt8](repeating: 0, count: 16)
        forcing([.poll: [ENOMEM]]) {
            #expect(throws: SerialPortError.system(path: receiver.devicePath, operation: "poll", errno: ENOMEM)) {
                try buffer.withUnsafeMutableBytes { _ = try port.read(into: $0, timeout: .seconds(1)) }
            }
        }
    }

    @Test("a plan is visible only to its own task")
    func plansDoNotLeak() async throws {
        let receiver = try VirtualReceiver()
        let injection = FaultInjection([.open: [EACCES]])
        try await FaultInjection.$current.withValue(injection) {
            let elsewhere = Task.detached { try SerialPort(path: receiver.devicePath) }
            _ = try await elsewhere.value
        }
        #expect(injection.unused == 1)
    }
}
#endif
