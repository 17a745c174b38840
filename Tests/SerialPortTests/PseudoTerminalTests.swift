import Glibc
import POSIXSupport
import Testing
import TestSupport
@testable import SerialPort

/// `SerialPort` against real pseudo-terminals: the pty is the dongle.
@Suite("A port on a pseudo-terminal")
struct PseudoTerminalTests {
    @Test("delivers every byte value intact, control characters included")
    func bytesArriveIntact() throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        // Raw mode matters: \r, \n, ^C, ^S/^Q, ^D and 0xFF would be translated or eaten otherwise.
        let bytes = (0..<3).flatMap { _ in (0...255).map(UInt8.init) }
        try receiver.send(bytes)
        #expect(try readBytes(bytes.count, from: port) == bytes)
    }

    @Test("reads back the settings it asked for, in raw mode")
    func settingsReadBack() throws {
        let receiver = try VirtualReceiver()
        let requested = SerialPort.Configuration(baudRate: 115200, stopBits: .two, flowControl: .rtsCts)
        let port = try SerialPort(path: receiver.devicePath, configuration: requested)
        #expect(try port.currentConfiguration() == requested)
        let attributes = try port.descriptor.withDescriptor("tcgetattr") { fd throws(SerialPortError) in
            try Syscalls.tcgetattr(fd).get { .system(path: "", operation: "tcgetattr", errno: $0.rawValue) }
        }
        #expect(attributes.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
        #expect(attributes.c_iflag & tcflag_t(ICRNL | IXON) == 0)
        #expect(attributes.c_oflag & tcflag_t(OPOST) == 0)
        #expect(attributes.c_cflag & tcflag_t(CREAD | CLOCAL) == tcflag_t(CREAD | CLOCAL))

        try port.setBaudRate(4800)
        #expect(try port.currentConfiguration().baudRate == 4800)
        #expect(port.configuration.baudRate == 4800)
        #expect(port.hasMeaningfulBaudRate == false)
    }

    @Test("fails to open when the driver does not keep the framing, and releases the device")
    func framingReadBack() throws {
        let receiver = try VirtualReceiver()
        // The Linux pty driver forces CS8 and no parity: only reading the settings back notices.
        #expect(throws: SerialPortError.system(path: receiver.devicePath, operation: "tcsetattr", errno: EINVAL)) {
            try SerialPort(path: receiver.devicePath, configuration: .init(dataBits: .seven, parity: .even))
        }
        _ = try SerialPort(path: receiver.devicePath)
    }

    @Test("refuses a rate outside the standard ones before touching the device")
    func unsupportedRate() throws {
        let receiver = try VirtualReceiver()
        #expect(throws: SerialPortError.unsupportedBaudRate(path: receiver.devicePath, baudRate: 12345)) {
            try SerialPort(path: receiver.devicePath, configuration: .init(baudRate: 12345))
        }
        let port = try SerialPort(path: receiver.devicePath)
        #expect(throws: SerialPortError.unsupportedBaudRate(path: receiver.devicePath, baudRate: 300)) {
            try port.setBaudRate(300)
        }
        #expect(port.configuration.baudRate == 9600)
    }

    @Test("is held exclusively: a second open is busy until the first closes")
    func secondOpenIsBusy() throws {
        let receiver = try VirtualReceiver()
        let first = try SerialPort(path: receiver.devicePath, configuration: .init(baudRate: 4800))
        // Root passes TIOCEXCL; the flock is what stops this second open (EWOULDBLOCK).
        #expect {
            try SerialPort(path: receiver.devicePath)
        } throws: { error in
            guard case .busy(receiver.devicePath, _) = error as? SerialPortError else { return false }
            return true
        }
        #expect(try first.currentConfiguration().baudRate == 4800, "the failed open must not touch the owner's settings")
        first.close()
        let second = try SerialPort(path: receiver.devicePath)
        #expect(!second.isClosed)
    }

    @Test("closed while another thread's wait is in flight: an open straight after, by root or by another user, waits for the release, not busy",
          arguments: [false, true])
    func reopenAfterCloseInFlight(asAnotherUser: Bool) async throws {
        let receiver = try VirtualReceiver()
        let first = try SerialPort(path: receiver.devicePath)
        // A wait on the event loop holds the descriptor, and its lock, until it returns.
        let lease = try #require(first.descriptor.lease())
        #expect(lease >= 0)
        first.close()
        let release = OwnThread {
            usleep(200_000)
            first.descriptor.endLease()
        }
        let started = ContinuousClock.now
        // Root's open passes the closing descriptor's `TIOCEXCL` and meets its flock; the kernel
        // refuses any other user's open itself (`EBUSY`). Either way the open waits.
        let second = asAnotherUser
            ? ThreadCapabilities.withoutSysAdmin { () -> Result<SerialPort, SerialPortError> in
                #expect(!ThreadCapabilities.hasSysAdmin)
                return Self.opening(receiver.devicePath)
            }
            : Self.opening(receiver.devicePath)
        #expect(ContinuousClock.now - started >= .milliseconds(150), "the open waited for the release")
        #expect(try !second.get().isClosed)
        await release.value
    }

    /// A port opened at `path`, or why not.
    private static func opening(_ path: String) -> Result<SerialPort, SerialPortError> {
        do throws(SerialPortError) {
            return .success(try SerialPort(path: path))
        } catch {
            return .failure(error)
        }
    }

    @Test("closed while a wait is in flight, opened again on the event loop's thread: busy at once, the loop never held up")
    func reopenOnTheLoopDoesNotWait() async throws {
        let receiver = try VirtualReceiver()
        let first = try SerialPort(path: receiver.devicePath)
        _ = try #require(first.descriptor.lease())
        first.close()
        defer { first.descriptor.endLease() }
        // The loop may be what ends the lease: waiting on its thread could only stall it. The
        // open itself is timed, on the loop's thread, not the loop's queue before it.
        let opening = Task(executorPreference: EventLoop.shared) { () -> (SerialPortError?, Duration) in
            let started = ContinuousClock.now
            do throws(SerialPortError) {
                _ = try SerialPort(path: receiver.devicePath)
                return (nil, ContinuousClock.now - started)
            } catch {
                return (error, ContinuousClock.now - started)
            }
        }
        let (error, took) = await opening.value
        guard case .busy? = error else { Issue.record("not busy: \(error as Any)"); return }
        #expect(took < .seconds(1))
    }

    @Test("held open by this process, not closing: a second open is busy at once")
    func heldOpenIsBusyAtOnce() throws {
        let receiver = try VirtualReceiver()
        let first = try SerialPort(path: receiver.devicePath)
        let started = ContinuousClock.now
        #expect(throws: SerialPortError.self) { try SerialPort(path: receiver.devicePath) }
        #expect(ContinuousClock.now - started < .seconds(1))
        first.close()
    }

    @Test("restores the device's original settings on close, and close is idempotent")
    func closeRestoresSettings() throws {
        let receiver = try VirtualReceiver()
        let observer = open(receiver.devicePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(observer >= 0)
        defer { Glibc.close(observer) }
        var cooked = termios()
        tcgetattr(observer, &cooked)
        cooked.c_lflag |= tcflag_t(ICANON | ECHO)
        cfsetspeed(&cooked, speed_t(B4800))
        try #require(tcsetattr(observer, TCSANOW, &cooked) == 0)

        let port = try SerialPort(path: receiver.devicePath, configuration: .init(baudRate: 115200))
        var during = termios()
        tcgetattr(observer, &during)
        #expect(during.c_lflag & tcflag_t(ICANON) == 0)
        port.close()
        port.close()

        var after = termios()
        tcgetattr(observer, &after)
        #expect(after.c_lflag & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
        #expect(cfgetospeed(&after) == speed_t(B4800))
        #expect(port.isClosed)
    }

    @Test("is closed when deinitialized")
    func deinitCloses() throws {
        let receiver = try VirtualReceiver()
        do {
            let port = try SerialPort(path: receiver.devicePath)
            #expect(!port.isClosed)
        }
        let again = try SerialPort(path: receiver.devicePath)  // busy if the first were still open
        #expect(!again.isClosed)
    }

    @Test("closes its descriptor and wake-up pipe on close")
    func closeReleasesDescriptors() throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        let fds = try port.descriptor.withDescriptor("test") { fd in [fd, port.descriptor.closeSignal.readEnd] }
        let identities = fds.map { identity(of: $0) }
        port.close()
        // A number may have been reused by a test running in parallel, but never for the same file.
        for (fd, before) in zip(fds, identities) {
            #expect(identity(of: fd) != before)
        }
    }

    @Test("writes reach the receiver, and a read-only port refuses to write")
    func writes() throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        let command = checksummedLine("PUBX,41,1,0007,0003,9600,0")
        try port.write(command)
        var buffer = [UInt8](repeating: 0, count: 256)
        var received: [UInt8] = []
        while received.count < command.count {
            let count = try buffer.withUnsafeMutableBytes { try receiver.read(into: $0, timeout: .seconds(2)) }
            try #require(count > 0)
            received += buffer[..<count]
        }
        #expect(received == command)
        port.close()

        let readOnly = try SerialPort(path: receiver.devicePath, configuration: .init(isReadOnly: true))
        #expect(throws: SerialPortError.system(path: receiver.devicePath, operation: "write", errno: EBADF)) {
            try readOnly.write(command)
        }
    }

    @Test("says what was wrong with the path")
    func badPaths() throws {
        let folder = try TemporaryFolder()
        try folder.write("not a tty", to: "file")
        #expect(throws: SerialPortError.notASerialDevice(path: folder.path + "/file", kind: .regularFile)) {
            try SerialPort(path: folder.path + "/file")
        }
        #expect(throws: SerialPortError.notFound(path: folder.path + "/ttyUSB9", errno: ENOENT)) {
            try SerialPort(path: folder.path + "/ttyUSB9")
        }
    }

    @Test("fails reads and writes after close with EBADF")
    func useAfterClose() throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        port.close()
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(throws: SerialPortError.system(path: receiver.devicePath, operation: "read", errno: EBADF)) {
            try buffer.withUnsafeMutableBytes { _ = try port.read(into: $0, timeout: .zero) }
        }
        #expect(throws: SerialPortError.system(path: receiver.devicePath, operation: "write", errno: EBADF)) {
            try port.write([1])
        }
    }
}

/// The device and inode behind `fd`, or `nil` when it is not open.
private func identity(of fd: CInt) -> [UInt] {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return [] }
    return [UInt(info.st_dev), UInt(info.st_ino)]
}
