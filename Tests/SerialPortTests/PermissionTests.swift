import Glibc
import Testing
import TestSupport
@testable import SerialPort

/// A real `EACCES` from the kernel, even though CI runs the suite as root.
@Suite("Permissions")
struct PermissionTests {
    @Test("a device the user may not open is .permissionDenied, with the dialout remedy")
    func realPermissionDenied() throws {
        let receiver = try VirtualReceiver()
        // Like crw-rw---- root:dialout for someone outside the group. Root runs the open as
        // `nobody` (setfsuid, this thread only); an ordinary user is the owner, so the owner
        // loses the rights instead.
        let mode: mode_t = geteuid() == 0 ? 0o600 : 0o000
        try #require(chmod(receiver.devicePath, mode) == 0)

        let outcome = FileAccessIdentity.asNobody {
            Result { () throws(SerialPortError) in try SerialPort(path: receiver.devicePath) }
        }
        guard case .failure(let error) = outcome else {
            Issue.record("opened a mode \(String(mode, radix: 8)) device as nobody")
            return
        }
        #expect(error == .permissionDenied(path: receiver.devicePath))
        #expect(error.errno == EACCES)
        #expect(error.description.contains("dialout"))
        #expect(error.description.contains("udev"))
    }

    @Test("the same device opens for its owner: the denial came from the mode")
    func ownerMayOpen() throws {
        let receiver = try VirtualReceiver()
        try #require(chmod(receiver.devicePath, 0o600) == 0)
        let port = try SerialPort(path: receiver.devicePath)
        #expect(!port.isClosed)
    }
}
