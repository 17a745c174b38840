import Foundation
import GPSReader
import Locking
import NMEA
import SerialPort
import Testing
import TestSupport

/// `ReceiverLink`: writing to a receiver on a real pseudo-terminal while a `DeviceConnection`
/// reads it.
@Suite("Receiver link")
struct ReceiverLinkTests {
    private static let fix = sentence("GPGGA,100000.00,4807.0380,N,01134.5312,E,1,09,1.0,519.4,M,47.0,M,,")
        + sentence("GPRMC,100000.00,A,4807.0380,N,01134.5312,E,0.0,0.0,010625,,,A")

    /// A UBX frame of class 0x06 whose payload names its sender and number, `length` bytes long.
    private static func command(sender: UInt8, number: UInt8, length: Int = 200) -> [UInt8] {
        BinaryFrames.ubx(0x06, 0x8A, [sender, number] + [UInt8](repeating: 0x24, count: length - 2))
    }

    /// Reads the connection's events in a task of its own until it is cancelled; `opened`
    /// returns once the device is open, with the link attached.
    private final class Reading: Sendable {
        let task: Task<Void, Never>
        private let counts = Counts()

        /// What the events said so far.
        private final class Counts: Sendable {
            let state = LockedState((opened: false, epochs: 0))
        }

        init(_ connection: DeviceConnection) {
            let counts = counts
            task = Task {
                for await event in connection.events() {
                    switch event {
                    case .opened: counts.state.withLock { $0.opened = true }
                    case .epoch: counts.state.withLock { $0.epochs += 1 }
                    default: break
                    }
                }
            }
        }

        var epochs: Int { counts.state.withLock { $0.epochs } }

        func opened() async {
            await eventually("the device is opened") { self.counts.state.withLock { $0.opened } }
        }
    }

    @Test("messages sent by three tasks at once reach the receiver whole, each task's in order, while fixes keep coming")
    func wholeAndInOrder() async throws {
        let receiver = try VirtualReceiver()
        let link = ReceiverLink()
        let reading = Reading(DeviceConnection(.path(receiver.devicePath), link: link))
        defer { reading.task.cancel() }
        await reading.opened()
        #expect(link.isConnected)
        let senders = (0..<3).map { sender in
            Task {
                for number in 0..<20 { try await link.send(Self.command(sender: UInt8(sender), number: UInt8(number))) }
            }
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let expected = 3 * 20 * Self.command(sender: 0, number: 0).count
        for second in 0..<200 where received.count < expected {
            if second % 20 == 0 { try receiver.send(Array(Self.fix.utf8)) }
            let count = try buffer.withUnsafeMutableBytes { try receiver.read(into: $0, timeout: .milliseconds(50)) }
            received += buffer[..<count]
        }
        for sender in senders { try await sender.value }
        var framer = NMEAFramer()
        var numbers: [[UInt8]] = [[], [], []]
        received.withUnsafeBytes { bytes in
            framer.append(bytes, sentences: { _ in }, binary: { frame in numbers[Int(frame.payload[0])].append(frame.payload[1]) })
        }
        #expect(received.count == expected)
        #expect(framer.statistics.ubxFrames == 60 && framer.statistics.garbageBytes == 0, "every message whole")
        #expect(numbers.allSatisfy { $0 == Array(0..<20) }, "each sender's in order")
        await eventually("fixes came while the messages went out") { reading.epochs >= 1 }
    }

    @Test("a receiver that does not drain: the send times out saying how much went out, and past the capacity a send fails at once")
    func receiverNotDraining() async throws {
        let receiver = try VirtualReceiver()
        let link = ReceiverLink(capacity: 2)
        let reading = Reading(DeviceConnection(.path(receiver.devicePath), link: link))
        defer { reading.task.cancel() }
        await reading.opened()
        let big = [UInt8](repeating: 0x55, count: 1 << 20)
        do {
            try await link.send(big, timeout: .milliseconds(300))
            Issue.record("a megabyte went into a pseudo-terminal nobody reads")
        } catch {
            guard case .timedOut(let sent, let count) = error else { Issue.record("\(error)"); return }
            #expect(sent < count && count == 1 << 20)
            #expect(error.description.contains("the receiver took \(sent) of \(count) bytes before the timeout"))
        }
        // One write blocked, two waiting: the fourth is refused without waiting.
        let blocked = (0..<3).map { _ in Task { try await link.send(big, timeout: .seconds(30)) } }
        await eventually("one write blocked, two waiting") { link.pendingSends == 3 }
        let started = ContinuousClock.now
        await #expect(throws: ReceiverLinkError.full(capacity: 2)) { try await link.send([0xB5]) }
        // Refused at once: a send that waited would wait for the blocked ones' 30 s. Generous
        // for a sanitizer on a loaded machine.
        #expect(ContinuousClock.now - started < .seconds(5))
        for task in blocked { task.cancel() }
        for task in blocked { _ = await task.result }
    }

    @Test("an unplug fails the message waiting its turn with .reopened, and later sends with .notConnected: nothing stale is kept")
    func unplugEmptiesTheQueue() async throws {
        let receiver = try VirtualReceiver()
        let link = ReceiverLink()
        let reading = Reading(DeviceConnection(.path(receiver.devicePath), recheckInterval: .seconds(60), link: link))
        defer { reading.task.cancel() }
        await reading.opened()
        let big = [UInt8](repeating: 0x55, count: 1 << 20)
        let writing = Task { try await link.send(big, timeout: .seconds(30)) }
        await eventually("the big write has its turn") { link.pendingSends == 1 }
        let waiting = Task { try await link.send(Self.command(sender: 9, number: 9)) }
        await eventually("the command waits its turn") { link.pendingSends == 2 }
        receiver.unplug()
        let waited = await waiting.result
        #expect(waited.failureValue as? ReceiverLinkError == .reopened)
        _ = await writing.result  // ends either way: cut off by the unplug, or failed with it
        await eventually("the link is detached") { !link.isConnected }
        await #expect(throws: ReceiverLinkError.notConnected) { try await link.send([0xB5]) }
    }
}

private extension Result {
    /// The error, or `nil` for a success.
    var failureValue: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
