import Foundation
import Glibc
import Testing
import TestSupport

/// Ctrl-C (SIGINT) and SIGTERM end every `gps` command with status 0, and a command that holds
/// a device closes it first: the settings it had are back, and its exclusive access
/// (`TIOCEXCL`) is released, without which nobody but root could open it again while the
/// simulator holds its pseudo-terminal open. The readers run as `nobody` when the tests run as
/// root (as CI does): root ignores `TIOCEXCL`.
@Suite("gps on Ctrl-C and SIGTERM", .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"))
struct InterruptTests {
    static let asNobody = geteuid() == 0

    @Test("Ctrl-C ends gps read with the device closed: its settings are back, and a second gps read gets fixes")
    func readTwice() async throws {
        let simulator = try await Simulator.start()
        let settings = try simulator.applyUnusualSettings()
        let first = try BackgroundCommand(["read", simulator.link], asNobody: Self.asNobody)
        #expect(await first.waitForOutput { $0.contains(" m/s ") }, "fixes arrive")
        #expect(try simulator.settings() != settings, "gps read sets the device up")
        #expect(await first.interrupt() == 0)
        #expect(try simulator.settings() == settings, "the settings the device had before gps read")
        let second = try BackgroundCommand(["read", simulator.link], asNobody: Self.asNobody, mergingStandardError: true)
        #expect(await second.waitForOutput { $0.contains(" m/s ") }, "fixes arrive, no EBUSY: \(second.output)")
        #expect(await second.interrupt() == 0)
        #expect(await simulator.process.interrupt() == 0)
    }

    @Test("gps read --json closes the device and exits 0 on Ctrl-C, and again on SIGTERM")
    func readJSONTwice() async throws {
        let simulator = try await Simulator.start()
        let settings = try simulator.applyUnusualSettings()
        for signal in [SIGINT, SIGTERM] {
            let reader = try BackgroundCommand(["read", simulator.link, "--json"], asNobody: Self.asNobody, mergingStandardError: true)
            #expect(await reader.waitForOutput { $0.contains(#"{"class":"TPV""#) }, "TPVs arrive, no EBUSY: \(reader.output)")
            #expect(await reader.end(with: signal) == 0, "signal \(signal)")
            #expect(try simulator.settings() == settings, "signal \(signal)")
        }
        #expect(await simulator.process.interrupt() == 0)
    }

    @Test("SIGTERM ends gps serve DEVICE with the device closed and status 0: a gps read then gets fixes")
    func serveThenRead() async throws {
        let simulator = try await Simulator.start()
        let settings = try simulator.applyUnusualSettings()
        let server = try BackgroundCommand(
            ["serve", simulator.link, "--listen", "127.0.0.1:\(freeLoopbackPort())"], asNobody: Self.asNobody,
            mergingStandardError: true)
        #expect(await server.waitForOutput { $0.contains("gps: serving") })
        // The server opens the device as it starts; its settings change then.
        #expect(try await eventually("the server opened the device: \(server.output)") { try simulator.settings() != settings })
        #expect(await server.end(with: SIGTERM) == 0, "\(server.output)")
        #expect(try simulator.settings() == settings)
        let reader = try BackgroundCommand(["read", simulator.link], asNobody: Self.asNobody, mergingStandardError: true)
        #expect(await reader.waitForOutput { $0.contains(" m/s ") }, "fixes arrive, no EBUSY: \(reader.output)")
        #expect(await reader.interrupt() == 0)
        #expect(await simulator.process.interrupt() == 0)
    }

    @Test("gps replay --json at a pace exits 0 on Ctrl-C")
    func replayJSONInterrupted() async throws {
        let capture = CommandRunner.packageRoot.appendingPathComponent("Samples/captures/drive.nmea").path
        let replay = try BackgroundCommand(["replay", capture, "--json", "--rate", "1"])
        #expect(await replay.waitForOutput { $0.contains(#"{"class":"TPV""#) })
        #expect(await replay.interrupt() == 0)
    }
}

/// `gps simulate --pty --link`, its pseudo-terminal open to everyone (mode 0666), as a
/// receiver is to its user with the udev rules installed.
private struct Simulator {
    let process: BackgroundCommand
    let link: String
    /// The pseudo-terminal, `/dev/pts/N`.
    let devicePath: String

    static func start() async throws -> Simulator {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("gps-\(UUID().uuidString)").path
        let process = try BackgroundCommand(["simulate", "--pty", "--link", link, "--rate", "10"])
        try #require(await process.waitForOutput { $0.contains("(link: \(link))") })
        let devicePath = String(process.output.prefix { $0 != " " })
        try #require(chmod(devicePath, 0o666) == 0)
        return Simulator(process: process, link: link, devicePath: devicePath)
    }

    /// Puts settings on the device that no reader chooses (4800 bit/s, `IGNPAR`, `VMIN` 5,
    /// `VTIME` 2) and returns them as read back.
    func applyUnusualSettings() throws -> LineSettings {
        try withDevice { fd in
            var attributes = termios()
            try #require(tcgetattr(fd, &attributes) == 0)
            cfsetispeed(&attributes, speed_t(B4800))
            cfsetospeed(&attributes, speed_t(B4800))
            attributes.c_iflag = tcflag_t(IGNPAR)
            withUnsafeMutableBytes(of: &attributes.c_cc) { bytes in
                bytes[Int(VMIN)] = 5
                bytes[Int(VTIME)] = 2
            }
            try #require(tcsetattr(fd, TCSANOW, &attributes) == 0)
        }
        return try settings()
    }

    /// The device's settings now, read through a descriptor of the test's own (root, or the
    /// pseudo-terminal's owner, may open it while a reader holds it exclusive).
    func settings() throws -> LineSettings {
        try withDevice { fd in
            var attributes = termios()
            try #require(tcgetattr(fd, &attributes) == 0)
            return LineSettings(attributes)
        }
    }

    private func withDevice<T>(_ body: (Int32) throws -> T) throws -> T {
        let fd = open(devicePath, O_RDWR | O_NOCTTY | O_NONBLOCK)
        try #require(fd >= 0, "open \(devicePath): errno \(errno)")
        defer { close(fd) }
        return try body(fd)
    }
}

/// The parts of a terminal's settings that `SerialPort` changes.
private struct LineSettings: Equatable {
    var inputSpeed, outputSpeed: speed_t
    var inputFlags, outputFlags, controlFlags, localFlags: tcflag_t
    var minimumBytes, timeout: cc_t

    init(_ attributes: termios) {
        var attributes = attributes
        inputSpeed = cfgetispeed(&attributes)
        outputSpeed = cfgetospeed(&attributes)
        inputFlags = attributes.c_iflag
        outputFlags = attributes.c_oflag
        controlFlags = attributes.c_cflag
        localFlags = attributes.c_lflag
        (minimumBytes, timeout) = withUnsafeBytes(of: attributes.c_cc) { ($0[Int(VMIN)], $0[Int(VTIME)]) }
    }
}
