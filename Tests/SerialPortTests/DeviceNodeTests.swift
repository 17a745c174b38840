// The seam forces errnos and counts calls in debug builds only.
#if DEBUG
import Glibc
import POSIXSupport
import Testing
import TestSupport
@testable import SerialPort

/// What a port refuses to open, and how early: a path that is not a serial device, or a
/// console. Both are final (`isFinal`), and both are refused before any setting is touched.
/// The consoles are checked with a plan that forces every call that could change them to
/// fail, so that no test, even one run against code that lets a console through, ever sets a
/// real console's speed.
@Suite("What is not a serial device")
struct DeviceNodeTests {
    @Test("a directory, a regular file and a FIFO are refused by their kind, never opened")
    func notDevices() throws {
        let folder = try TemporaryFolder()
        try folder.write("$GPGGA\r\n", to: "capture.nmea")
        let fifo = folder.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases: [(String, SerialPortError.NodeKind)] = [
            (folder.path, .directory), (folder.path + "/capture.nmea", .regularFile), (fifo, .fifo),
        ]
        for (path, kind) in cases {
            let plan = FaultInjection()
            #expect(throws: SerialPortError.notASerialDevice(path: path, kind: kind)) {
                try SerialPort(path: path, faults: plan)
            }
            #expect(plan.calls(of: .open) == 0, "\(path) was opened")
            #expect(throws: SerialPortError.notASerialDevice(path: path, kind: kind)) {
                try SerialPort.checkDevice(at: path)
            }
        }
    }

    @Test("a character device no terminal driver claims is refused unopened: /dev/null, /dev/zero, /dev/kmsg",
          arguments: ["/dev/null", "/dev/zero", "/dev/kmsg"])
    func devicesThatAreNoTerminal(path: String) throws {
        try #require(access(path, F_OK) == 0, "\(path) is missing here")
        let plan = FaultInjection()
        #expect(throws: SerialPortError.notASerialDevice(path: path, kind: .characterDevice)) {
            try SerialPort(path: path, faults: plan)
        }
        #expect(plan.calls(of: .open) == 0)
        #expect(throws: SerialPortError.notASerialDevice(path: path, kind: .characterDevice)) {
            try SerialPort.checkDevice(at: path)
        }
    }

    @Test("without /proc/tty/drivers, opening finds /dev/null out (ENOTTY) before any setting is touched")
    func noDriverTable() throws {
        let plan = FaultInjection()
        plan.fail(.kernelFile, with: ENOENT, times: 100)
        #expect(throws: SerialPortError.notASerialDevice(path: "/dev/null", kind: .characterDevice)) {
            try SerialPort(path: "/dev/null", faults: plan)
        }
        #expect(plan.calls(of: .open) == 1)
        #expect(plan.calls(of: .tcsetattr) == 0)
    }

    @Test("a console is refused before it is opened, its settings untouched: /dev/console, /dev/tty, /dev/tty0 and the kernel's console devices",
          arguments: DeviceNodeTests.consolePaths())
    func consoles(path: String) throws {
        // Should a console ever get past the check, it is still not changed: every call that
        // could change it fails.
        let untouchable: [Syscalls.Call: [CInt]] = [
            .flock: [EWOULDBLOCK], .ioctl: [EIO], .tcgetattr: [EIO], .tcsetattr: [EIO], .tcflush: [EIO],
        ]
        let plan = FaultInjection(untouchable)
        #expect(throws: SerialPortError.console(path: path)) {
            try SerialPort(path: path, faults: plan)
        }
        #expect(plan.calls(of: .open) == 0, "\(path) was opened")
        for call in untouchable.keys { #expect(plan.calls(of: call) == 0, "\(call) on \(path)") }
        #expect(throws: SerialPortError.console(path: path)) {
            try SerialPort.checkDevice(at: path)
        }
    }

    @Test("a pseudo-terminal, as a receiver's stand-in, is a serial device")
    func pseudoTerminal() throws {
        let receiver = try VirtualReceiver()
        try SerialPort.checkDevice(at: receiver.devicePath)
        _ = try SerialPort(path: receiver.devicePath)
    }

    @Test("the driver table reads /proc/tty/drivers: each major and its range of minors")
    func driverTable() {
        let drivers = TerminalDrivers(text: """
            /dev/tty             /dev/tty        5       0 system:/dev/tty
            /dev/console         /dev/console    5       1 system:console
            serial               /dev/ttyS       4 64-111 serial
            pty_slave            /dev/pts      136 0-1048575 pty:slave
            usbserial            /dev/ttyUSB   188 0-511 serial
            """)
        #expect(drivers.claims(DeviceNumber(major: 188, minor: 0)))
        #expect(drivers.claims(DeviceNumber(major: 136, minor: 1_048_575)))
        #expect(drivers.claims(DeviceNumber(major: 4, minor: 111)))
        #expect(!drivers.claims(DeviceNumber(major: 4, minor: 112)))
        #expect(!drivers.claims(DeviceNumber(major: 1, minor: 3)), "/dev/null")
        #expect(!drivers.claims(DeviceNumber(major: 166, minor: 0)), "no ttyACM driver loaded")
    }

    @Test("device numbers decode as glibc encodes them, large minors included")
    func deviceNumbers() {
        #expect(DeviceNumber(deviceNumber(4, 64)) == DeviceNumber(major: 4, minor: 64))
        #expect(DeviceNumber(deviceNumber(136, 300_000)) == DeviceNumber(major: 136, minor: 300_000))
        #expect(DeviceNumber(deviceNumber(4095, 1_048_575)) == DeviceNumber(major: 4095, minor: 1_048_575))
        #expect(DeviceNumber(sysfsText: "4:64\n") == DeviceNumber(major: 4, minor: 64))
        #expect(DeviceNumber(sysfsText: "tty") == nil)
    }

    /// `major` and `minor` as glibc's `makedev` encodes them (a macro Swift does not import).
    private func deviceNumber(_ major: UInt64, _ minor: UInt64) -> dev_t {
        dev_t(((major & 0xffff_f000) << 32) | ((major & 0xfff) << 8) | ((minor & 0xffff_ff00) << 12) | (minor & 0xff))
    }

    /// The consoles this machine has: the system's, the controlling terminal's node, the first
    /// virtual console, and each device the kernel's console is on.
    static func consolePaths() -> [String] {
        let kernel = Consoles.kernelConsoleNames().map { "/dev/\($0)" }
        return (["/dev/console", "/dev/tty", "/dev/tty0"] + kernel).filter { access($0, F_OK) == 0 }
    }
}
#endif
