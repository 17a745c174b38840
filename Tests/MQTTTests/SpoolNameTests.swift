import Foundation
import Glibc
@testable import MQTT
import POSIXSupport
import Testing

/// What the spool takes for its own at load: only the names it writes (20 digits and `.mqtt`,
/// within its range) that are regular files of a size a message can have; it removes its own
/// damaged files for real, and leaves everything else where it is, said for what it is.
@Suite("The spool's names and sizes at load")
struct SpoolNameTests {
    private static let topic = "fleet/car"
    private static let message = MessageSpool.encode(MQTTMessage(topic: topic, payload: [1]), wasSent: false)

    @Test("a name whose number is beyond the spool's range, a whole message inside, neither crashes nor is queued: it is said")
    func largestNumberLeftAlone() throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spool = try MessageSpool(directory: directory, topic: Self.topic)
        let name = "18446744073709551615.mqtt"
        try Data(Self.message).write(to: URL(fileURLWithPath: directory + "/" + name))
        let queue = OutboundQueue(capacity: 10, spool: spool)
        #expect(queue.restored == 0)
        #expect(queue.leftInSpoolAtLoad == [SpoolLeftover(name: name, kind: .notASpoolName)])
        #expect(!queue.append(MQTTMessage(topic: Self.topic, payload: [2])))
        #expect(queue.first(after: nil)?.sequence == 0)
        #expect(FileManager.default.fileExists(atPath: directory + "/" + name))
    }

    @Test("the highest number the spool writes is taken, and the next message is numbered after it")
    func highestNumberCountedOn() throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spool = try MessageSpool(directory: directory, topic: Self.topic)
        try Data(Self.message).write(to: URL(fileURLWithPath: spool.path(MessageSpool.largestSequence)))
        let queue = OutboundQueue(capacity: 10, spool: spool)
        #expect(queue.restored == 1)
        _ = queue.append(MQTTMessage(topic: Self.topic, payload: [2]))
        #expect(queue.first(after: MessageSpool.largestSequence)?.sequence == MessageSpool.largestSequence + 1)
    }

    @Test("an unpadded name and a directory named like a spool file are left alone, not claimed deleted, at every load")
    func foreignEntriesLeftAlone() throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spool = try MessageSpool(directory: directory, topic: Self.topic)
        try Data(Self.message).write(to: URL(fileURLWithPath: directory + "/100.mqtt"))
        try FileManager.default.createDirectory(atPath: spool.path(1), withIntermediateDirectories: false)
        for _ in 0..<2 {
            let queue = OutboundQueue(capacity: 10, spool: spool)
            #expect(queue.rejectedAtLoad == 0)
            #expect(queue.restored == 0)
            #expect(queue.leftInSpoolAtLoad == [
                SpoolLeftover(name: "00000000000000000001.mqtt", kind: .directory), SpoolLeftover(name: "100.mqtt", kind: .notASpoolName),
            ])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["00000000000000000001.mqtt", "100.mqtt"])
    }

    @Test("a damaged file of the spool's own is removed for real when it is counted as deleted")
    func damagedFileRemoved() throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spool = try MessageSpool(directory: directory, topic: Self.topic)
        try Data(Self.message.dropLast()).write(to: URL(fileURLWithPath: spool.path(2)))
        let queue = OutboundQueue(capacity: 10, spool: spool)
        #expect(queue.rejectedAtLoad == 1)
        #expect(queue.leftInSpoolAtLoad.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    // The seam's fault plan, which counts the reads, exists in debug builds only.
    #if DEBUG
    @Test("a 2 GB sparse file is rejected by its size, never read: no read through the seam, and the process reads next to nothing")
    func oversizedRejectedUnread() throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spool = try MessageSpool(directory: directory, topic: Self.topic)
        #expect(FileManager.default.createFile(atPath: spool.path(0), contents: Data()))
        #expect(truncate(spool.path(0), 2 << 30) == 0)
        let plan = FaultInjection()
        let bytesReadBefore = try Self.bytesReadByProcess()
        let queue = FaultInjection.$current.withValue(plan) { OutboundQueue(capacity: 10, spool: spool) }
        let bytesRead = try Self.bytesReadByProcess() - bytesReadBefore
        #expect(queue.rejectedAtLoad == 1)
        #expect(plan.calls(of: .read) == 0)
        // Other tests run meanwhile: allow them their reads, far below the file's 2 GB.
        #expect(bytesRead < 64 << 20)
        #expect(!FileManager.default.fileExists(atPath: spool.path(0)))
    }
    #endif

    @Test("the largest file the spool reads is the largest message it can write: a QoS 0 PUBLISH of the longest topic and payload")
    func largestFileBound() {
        let topic = String(repeating: "t", count: 65_535)
        let payloadCount = RemainingLength.maximum - 2 - topic.utf8.count
        #expect(MessageSpool.largestFile == MessageSpool.encode(MQTTMessage(topic: topic, payload: []), wasSent: false).count + payloadCount)
    }

    /// The bytes this process has read so far, by any means (`rchar` in `/proc/self/io`).
    private static func bytesReadByProcess() throws -> Int {
        let io = try String(contentsOfFile: "/proc/self/io", encoding: .utf8)
        let line = try #require(io.split(separator: "\n").first { $0.hasPrefix("rchar:") })
        return try #require(Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)))
    }
}
