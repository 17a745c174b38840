import Glibc
import Testing
import TestSupport
@testable import SerialPort

@Suite("Virtual receiver")
struct VirtualReceiverTests {
    @Test("exposes a stable link to its device, replaces a stale one, and removes it on unplug")
    func link() throws {
        let folder = try TemporaryFolder()
        let linkPath = folder.path + "/gps0"
        try folder.link("gps0", to: "/dev/pts/stale")
        let receiver = try VirtualReceiver(linkPath: linkPath)
        #expect(receiver.linkPath == linkPath)
        #expect(resolvedPath(linkPath) == receiver.devicePath)

        let port = try SerialPort(path: linkPath)
        let zda = checksummedLine("GPZDA,201530.00,04,07,2002,00,00")
        try receiver.send(zda)
        #expect(try readBytes(zda.count, from: port) == zda)

        receiver.unplug()
        receiver.unplug()
        #expect(receiver.isUnplugged)
        var info = stat()
        #expect(lstat(linkPath, &info) == -1 && errno == ENOENT)
        #expect(throws: SerialPortError.system(path: receiver.devicePath, operation: "write", errno: EBADF)) {
            try receiver.send([1])
        }
    }

    @Test("unplugged mid-send, it removes its link at once, not when the send lets go of the device")
    func unplugMidSendRemovesTheLinkAtOnce() async throws {
        let folder = try TemporaryFolder()
        let linkPath = folder.path + "/gps2"
        let receiver = try VirtualReceiver(linkPath: linkPath)
        // Far more than a pseudo-terminal queues: the send holds the device, waiting for room.
        let flood = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        let sending = OwnThread { Result { () throws(SerialPortError) in try receiver.send(flood, timeout: .seconds(30)) } }
        await eventually("the send fills the line") { ((try? receiver.unreadByteCount()) ?? 0) > 0 }
        receiver.unplug()
        var info = stat()
        #expect(lstat(linkPath, &info) == -1 && errno == ENOENT, "gone when unplug() returns, as `gps simulate` exits then")
        let sent = await sending.value
        #expect(throws: SerialPortError.self) { try sent.get() }
    }

    @Test("a receiver at one speed is garbage to a port at another, and clean once the port matches")
    func talksAtItsSpeed() throws {
        let receiver = try VirtualReceiver()
        receiver.baudRate = 4800
        let port = try SerialPort(path: receiver.devicePath, configuration: .init(baudRate: 9600))
        let gga = checksummedLine("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
        let garbage = VirtualReceiver.misclocked(gga, sentAt: 4800, readAt: 9600)
        #expect(garbage != gga && !garbage.contains(UInt8(ascii: "$")))
        try receiver.send(gga)
        #expect(try readBytes(garbage.count, from: port) == garbage, "the speed is read from the port's termios")

        try port.setBaudRate(4800)
        try receiver.send(gga)
        #expect(try readBytes(gga.count, from: port) == gga)
        receiver.baudRate = nil
        try port.setBaudRate(115200)
        try receiver.send(gga)
        #expect(try readBytes(gga.count, from: port) == gga, "with no speed of its own, any port's speed will do")
    }

    @Test("unplugs when deinitialized")
    func deinitUnplugs() throws {
        let folder = try TemporaryFolder()
        let linkPath = folder.path + "/gps1"
        let port: SerialPort
        do {
            let receiver = try VirtualReceiver(linkPath: linkPath)
            port = try withExtendedLifetime(receiver) { try SerialPort(path: linkPath) }
        }
        var info = stat()
        #expect(lstat(linkPath, &info) == -1)
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(throws: SerialPortError.self) {
            try buffer.withUnsafeMutableBytes { _ = try port.read(into: $0, timeout: .seconds(1)) }
        }
    }

    @Test("an unplugged receiver, released after a new one took its link and its pts number, leaves the new link alone")
    func replugOnTheSameDeviceNumber() throws {
        let folder = try TemporaryFolder()
        let linkPath = folder.path + "/gps2"
        // The kernel hands out the lowest free pts number, so the new receiver usually gets
        // the unplugged one's; other tests' terminals may take it first, hence the tries.
        var reusedTheNumber = false
        for _ in 0..<20 where !reusedTheNumber {
            var unplugged: VirtualReceiver? = try VirtualReceiver(linkPath: linkPath)
            unplugged?.unplug()
            let oldDevice = unplugged?.devicePath
            let replugged = try VirtualReceiver(linkPath: linkPath)
            reusedTheNumber = replugged.devicePath == oldDevice
            unplugged = nil
            #expect(resolvedPath(linkPath) == replugged.devicePath, "pts reused: \(reusedTheNumber)")
        }
        #expect(reusedTheNumber, "no new receiver got an unplugged one's pts number in 20 tries")
    }

    @Test("counts the bytes the program has not read yet")
    func unreadBytes() throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        let rmc = checksummedLine("GPRMC,225446,A,4916.45,N,12311.12,W,000.5,054.7,191194,020.3,E")
        try receiver.send(rmc)
        #expect(try receiver.unreadByteCount() == rmc.count)
        _ = try readBytes(rmc.count, from: port)
        #expect(try receiver.unreadByteCount() == 0)
    }

    @Test("leaves a file that is not a link alone")
    func refusesToReplaceFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("keep me", to: "gps0")
        #expect(throws: SerialPortError.system(path: folder.path + "/gps0", operation: "symlink", errno: EEXIST)) {
            try VirtualReceiver(linkPath: folder.path + "/gps0")
        }
    }

    @Test("plays a capture file at wire speed, intact")
    func playsFileAtWireSpeed() async throws {
        let folder = try TemporaryFolder()
        let capture = (1...4).flatMap { checksummedLine("GPGSA,A,3,0\($0),,,,,,,,,,,,2.5,1.3,2.1") }
        try folder.write(String(decoding: capture, as: UTF8.self), to: "capture.nmea")
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)

        let start = ContinuousClock.now
        // 19200 bit/s is 1920 bytes/s: about 30 ms per 56-byte sentence, 4 of them.
        try await receiver.play(contentsOf: folder.path + "/capture.nmea", pace: .wire(19200))
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .seconds(Double(capture.count * 10) / 19200) - .milliseconds(35))
        #expect(try readBytes(capture.count, from: port) == capture)
    }

    @Test("a missing capture is .notFound")
    func missingCapture() async throws {
        let receiver = try VirtualReceiver()
        await #expect(throws: SerialPortError.notFound(path: "/nonexistent/capture.nmea", errno: ENOENT)) {
            try await receiver.play(contentsOf: "/nonexistent/capture.nmea", pace: .unthrottled)
        }
    }

    @Test("playback at a pace sleeps on its clock: each line's turn comes 1/rate after the last one's, and no line before it")
    func playbackOnItsClock() async throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        let clock = ManualClock()
        let lines = (0..<3).map { checksummedLine("GPRMC,\($0)") }
        let player = Task { try await receiver.play(Array(lines.joined()), pace: .linesPerSecond(10), clock: clock) }
        for (index, line) in lines.enumerated() {
            await eventually("line \(index) sent, and a wait for the next") {
                clock.pendingDeadlines == [.milliseconds(100 * (index + 1))]
            }
            #expect(try receiver.unreadByteCount() == line.count, "line \(index) alone")
            #expect(try readBytes(line.count, from: port) == line)
            clock.advance(by: .milliseconds(100))
        }
        try await player.value
    }

    @Test("playback stops promptly when its task is cancelled")
    func playbackCancels() async throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        let lines = (0..<100).flatMap { checksummedLine("GPRMC,\($0)") }
        let player = Task { try await receiver.play(lines, pace: .linesPerSecond(10)) }
        // Time for a line or two to go out first; were the playback later, it would stop the same.
        try await Task.sleep(for: .milliseconds(120))
        let cancelled = ContinuousClock.now
        player.cancel()
        try await player.value
        // Generous for a loaded machine (a ThreadSanitizer run took over a second), yet half the
        // 10 s the rest of the playback would take.
        #expect(ContinuousClock.now - cancelled < .seconds(5))
        // What arrived before: the read waits out its 100 ms on a thread of its own, not the pool's.
        let received = try await onOwnThread { Result { try readBytes(lines.count, from: port, timeout: .milliseconds(100)) } }.get()
        #expect(received.count > 0 && received.count < lines.count)
        #expect(Array(lines.prefix(received.count)) == received)
    }

    @Test("a send to a line nobody reads fills it, then times out instead of blocking")
    func sendToAFullLineTimesOut() async throws {
        let receiver = try VirtualReceiver()
        // Far more than a pseudo-terminal queues (a few KiB): the program never reads.
        let flood = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        // The send waits out its 100 ms on a thread of its own, timed there, not on the pool.
        let (sent, took) = await onOwnThread { () -> (Result<Void, SerialPortError>, Duration) in
            let started = ContinuousClock.now
            let sent = Result { () throws(SerialPortError) in try receiver.send(flood, timeout: .milliseconds(100)) }
            return (sent, ContinuousClock.now - started)
        }
        #expect(throws: SerialPortError.system(path: receiver.devicePath, operation: "write", errno: ETIMEDOUT)) {
            try sent.get()
        }
        #expect(took < .seconds(5), "bounded by the timeout, not by a reader")
        #expect(try receiver.unreadByteCount() > 0)
    }
}
