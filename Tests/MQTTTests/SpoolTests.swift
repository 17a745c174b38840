import Foundation
@testable import MQTT
import TestSupport
import Testing

/// The queue and its spool on disk, without a broker: what a restart finds there.
@Suite("The outbound queue's spool")
struct SpoolTests {
    private static let topic = "fleet/car"

    @Test("a message's file is written before the sender can take it: a sender that acknowledges at once leaves no file behind")
    func fileBeforeSending() async throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let queue = OutboundQueue(capacity: 10_000, spool: try MessageSpool(directory: directory, topic: Self.topic))
        let count = 500
        let sender = Thread {
            var removed = 0
            while removed < count {
                guard let next = queue.first(after: nil) else {
                    // Not a spin: each append waits for an fsync, and CI may have two cores.
                    Thread.sleep(forTimeInterval: 0.000_2)
                    continue
                }
                queue.remove(next.sequence)
                removed += 1
            }
        }
        sender.start()
        for index in 0..<count { _ = queue.append(MQTTMessage(topic: Self.topic, payload: [UInt8(index & 0xFF)])) }
        await eventually("the sender took every message") { queue.count == 0 && sender.isFinished }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test("a message comes back from the spool unsent until it is marked sent, then sent: only that one is resent with DUP")
    func sentMarker() throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spool = try MessageSpool(directory: directory, topic: Self.topic)
        let queue = OutboundQueue(capacity: 10, spool: spool)
        _ = queue.append(MQTTMessage(topic: Self.topic, payload: [1], retain: true))
        _ = queue.append(MQTTMessage(topic: Self.topic, payload: [2]))
        queue.markSent(0)
        let restored = OutboundQueue(capacity: 10, spool: spool)
        #expect(restored.restored == 2)
        #expect(restored.first(after: nil) == QueuedMessage(
            sequence: 0, message: MQTTMessage(topic: Self.topic, payload: [1], retain: true), wasSent: true))
        #expect(restored.first(after: 0) == QueuedMessage(sequence: 1, message: MQTTMessage(topic: Self.topic, payload: [2]), wasSent: false))
    }

    @Test("a mark taken back after a failed write leaves the message unsent, in memory and in the spool: it goes again with DUP clear")
    func unmarkedAfterFailedWrite() throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spool = try MessageSpool(directory: directory, topic: Self.topic)
        let queue = OutboundQueue(capacity: 10, spool: spool)
        _ = queue.append(MQTTMessage(topic: Self.topic, payload: [1], retain: true))
        queue.markSent(0)
        #expect(queue.first(after: nil)?.wasSent == true)
        queue.unmarkSent(0)
        #expect(queue.first(after: nil)?.wasSent == false)
        let restored = OutboundQueue(capacity: 10, spool: spool)
        #expect(restored.first(after: nil) == QueuedMessage(
            sequence: 0, message: MQTTMessage(topic: Self.topic, payload: [1], retain: true), wasSent: false))
    }

    @Test("a spool holding more than the capacity keeps its newest at load: the oldest are dropped, counted, their files removed")
    func boundAtLoad() throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spool = try MessageSpool(directory: directory, topic: Self.topic)
        let earlier = OutboundQueue(capacity: 100, spool: spool)
        for index in 0..<10 { _ = earlier.append(MQTTMessage(topic: Self.topic, payload: [UInt8(index)])) }
        let queue = OutboundQueue(capacity: 4, spool: spool)
        #expect(queue.droppedAtLoad == 6)
        #expect(queue.dropped == 6)
        #expect(queue.restored == 4)
        #expect(queue.count == 4)
        #expect(queue.first(after: nil)?.message.payload == [6])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 4)
        #expect(queue.append(MQTTMessage(topic: Self.topic, payload: [10])), "full: the next append drops one")
        #expect(queue.count == 4)
        #expect(queue.first(after: nil)?.message.payload == [7])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 4)
    }

    @Test("a publisher on an over-full spool says the drop once, first, and counts it")
    func publisherSaysTheDropAtLoad() async throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let earlier = OutboundQueue(capacity: 100, spool: try MessageSpool(directory: directory, topic: Self.topic))
        for index in 0..<10 { _ = earlier.append(MQTTMessage(topic: Self.topic, payload: [UInt8(index)])) }
        let events = EventLog()
        let publisher = try StoreAndForwardPublisher(
            .init(broker: BrokerAddress(host: "127.0.0.1", port: 1), request: { ConnectRequest(clientID: "c") }, capacity: 4,
                  spool: PublisherSpool(directory: directory, topic: Self.topic)),
            report: { events.append($0) })
        publisher.start()
        let statistics = await publisher.finish(within: .milliseconds(200))
        #expect(statistics.dropped == 6)
        #expect(statistics.restored == 4)
        #expect(statistics.waiting == 4)
        #expect(events.events.first == .droppedFromSpool(dropped: 6, capacity: 4))
        #expect(events.events.count { $0 == .droppedFromSpool(dropped: 6, capacity: 4) } == 1)
    }

    @Test("a file cut off inside its payload, or with a byte too many, is rejected at load, deleted and counted, not published")
    func truncatedFileRejected() throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spool = try MessageSpool(directory: directory, topic: Self.topic)
        let earlier = OutboundQueue(capacity: 10, spool: spool)
        for index in 0..<3 { _ = earlier.append(MQTTMessage(topic: Self.topic, payload: [UInt8](repeating: UInt8(index), count: 40))) }
        let whole = try #require(FileManager.default.contents(atPath: spool.path(1)))
        try whole.prefix(whole.count - 10).write(to: URL(fileURLWithPath: spool.path(1)))
        try (whole + [0]).write(to: URL(fileURLWithPath: spool.path(2)))
        let queue = OutboundQueue(capacity: 10, spool: spool)
        #expect(queue.rejectedAtLoad == 2)
        #expect(queue.restored == 1)
        #expect(queue.first(after: nil)?.message.payload == [UInt8](repeating: 0, count: 40))
        #expect(queue.first(after: 0) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["00000000000000000000.mqtt"])
    }

    @Test("a stray temporary file, left by a crash mid-write, is removed at load and never becomes a message")
    func strayTemporaryRemoved() throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spool = try MessageSpool(directory: directory, topic: Self.topic)
        _ = OutboundQueue(capacity: 10, spool: spool).append(MQTTMessage(topic: Self.topic, payload: [1]))
        let whole = try #require(FileManager.default.contents(atPath: spool.path(0)))
        try whole.write(to: URL(fileURLWithPath: spool.path(1) + ".tmp"))
        let queue = OutboundQueue(capacity: 10, spool: spool)
        #expect(queue.restored == 1)
        #expect(queue.rejectedAtLoad == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["00000000000000000000.mqtt"])
    }

    @Test("a file of the format without the payload's length is rejected at load, not read as a message")
    func oldFormatRejected() throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spool = try MessageSpool(directory: directory, topic: Self.topic)
        try Data([1, 0, 0, 1, 0x74, 9, 9]).write(to: URL(fileURLWithPath: spool.path(0)))
        let queue = OutboundQueue(capacity: 10, spool: spool)
        #expect(queue.rejectedAtLoad == 1)
        #expect(queue.count == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test("a publisher whose spool held damaged files says so once, first, with how many")
    func publisherSaysTheRejectionAtLoad() async throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spool = try MessageSpool(directory: directory, topic: Self.topic)
        try Data([1, 0x04, 0, 1, 0x74, 0, 0, 0, 9, 1]).write(to: URL(fileURLWithPath: spool.path(0)))
        let events = EventLog()
        let publisher = try StoreAndForwardPublisher(
            .init(
                broker: BrokerAddress(host: "127.0.0.1", port: 1), request: { ConnectRequest(clientID: "c") },
                spool: PublisherSpool(directory: directory, topic: Self.topic)),
            report: { events.append($0) })
        publisher.start()
        await publisher.finish(within: .milliseconds(200))
        #expect(events.events.first == .rejectedFromSpool(directory: directory, count: 1))
        #expect(events.events.count { $0 == .rejectedFromSpool(directory: directory, count: 1) } == 1)
    }
}
