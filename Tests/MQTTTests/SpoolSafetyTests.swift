import Foundation
import Glibc
@testable import MQTT
import Testing

/// The spool against what another user (or a mistake) puts in its place: a directory that is
/// not the user's own, links planted at its names, files for another topic.
@Suite("The spool's directory and files, against links and other users")
struct SpoolSafetyTests {
    private static let topic = "fleet/a"

    @Test("a spool directory another user owns is refused, naming the owner: its files would go out with this run's credentials",
          .enabled(if: geteuid() == 0, "chown needs root"))
    func anotherUsersDirectoryRefused() throws {
        let directory = try madeDirectory(mode: 0o700)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(chown(directory, 65534, 65534) == 0)
        #expect(throws: MQTTSpoolError.notOwned(directory, owner: 65534, user: geteuid())) {
            try MessageSpool(directory: directory, topic: Self.topic)
        }
    }

    @Test("a spool directory its group or others may write is refused, with its mode", arguments: [0o777, 0o770, 0o1777])
    func writableDirectoryRefused(mode: Int) throws {
        let directory = try madeDirectory(mode: mode_t(mode))
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: MQTTSpoolError.writableByOthers(directory, mode: UInt32(mode))) {
            try MessageSpool(directory: directory, topic: Self.topic)
        }
    }

    @Test("a missing spool directory is made 0700 and accepted; a file in its place is refused as not a directory")
    func madeWhenMissing() throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try MessageSpool(directory: directory, topic: Self.topic)
        #expect(try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int == 0o700)
        let file = directory + "/file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        #expect(throws: MQTTSpoolError.cannotCreate(file, errno: ENOTDIR)) { try MessageSpool(directory: file, topic: Self.topic) }
    }

    @Test("a link planted at the next temporary name is not written through: the file it points at is unchanged")
    func temporaryLinkNotFollowed() throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spool = try MessageSpool(directory: directory, topic: Self.topic)
        let queue = OutboundQueue(capacity: 10, spool: spool)
        let victim = try Victim()
        defer { victim.remove() }
        try FileManager.default.createSymbolicLink(atPath: spool.path(0) + ".tmp", withDestinationPath: victim.path)
        _ = queue.append(MQTTMessage(topic: Self.topic, payload: [1, 2, 3]))
        #expect(queue.spoolFailures == 1, "the message is kept in memory only")
        #expect(victim.isUnchanged)
    }

    @Test("a spool file replaced by a link is not written through when its sent mark is set: the file it points at is unchanged")
    func sentMarkLinkNotFollowed() throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spool = try MessageSpool(directory: directory, topic: Self.topic)
        let queue = OutboundQueue(capacity: 10, spool: spool)
        _ = queue.append(MQTTMessage(topic: Self.topic, payload: [1, 2, 3]))
        let victim = try Victim()
        defer { victim.remove() }
        #expect(unlink(spool.path(0)) == 0)
        try FileManager.default.createSymbolicLink(atPath: spool.path(0), withDestinationPath: victim.path)
        queue.markSent(0)
        #expect(victim.isUnchanged)
    }

    @Test("a link at a spool file's name is left alone at load and said, neither read nor removed")
    func linkAtLoadLeftAlone() throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spool = try MessageSpool(directory: directory, topic: Self.topic)
        let elsewhere = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        try Data(MessageSpool.encode(MQTTMessage(topic: Self.topic, payload: [9]), wasSent: false)).write(to: URL(fileURLWithPath: elsewhere))
        try FileManager.default.createSymbolicLink(atPath: spool.path(5), withDestinationPath: elsewhere)
        let queue = OutboundQueue(capacity: 10, spool: spool)
        #expect(queue.restored == 0)
        #expect(queue.leftInSpoolAtLoad == [SpoolLeftover(name: "00000000000000000005.mqtt", kind: .symbolicLink)])
        #expect(FileManager.default.fileExists(atPath: elsewhere))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: spool.path(5))) == elsewhere)
    }

    @Test("a message for another topic is left alone and said, never queued; this run's messages are numbered after it")
    func otherTopicLeftAlone() throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spool = try MessageSpool(directory: directory, topic: Self.topic)
        try Data(MessageSpool.encode(MQTTMessage(topic: "fleet/x", payload: [7]), wasSent: false))
            .write(to: URL(fileURLWithPath: spool.path(3)))
        let queue = OutboundQueue(capacity: 10, spool: spool)
        #expect(queue.restored == 0)
        #expect(queue.count == 0)
        #expect(queue.leftInSpoolAtLoad == [SpoolLeftover(name: "00000000000000000003.mqtt", kind: .otherTopic("fleet/x"))])
        _ = queue.append(MQTTMessage(topic: Self.topic, payload: [1]))
        #expect(queue.spoolFailures == 0)
        #expect(queue.first(after: nil)?.sequence == 4)
        #expect(FileManager.default.fileExists(atPath: spool.path(3)))
    }

    @Test("a publisher says once, first, what it left in the spool")
    func publisherSaysWhatItLeft() async throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spool = PublisherSpool(directory: directory, topic: Self.topic)
        _ = try MessageSpool(directory: directory, topic: Self.topic)
        #expect(FileManager.default.createFile(atPath: directory + "/notes.txt", contents: Data()))
        let events = EventLog()
        let publisher = try StoreAndForwardPublisher(
            .init(broker: BrokerAddress(host: "127.0.0.1", port: 1), request: { ConnectRequest(clientID: "c") }, spool: spool),
            report: { events.append($0) })
        publisher.start()
        await publisher.finish(within: .milliseconds(200))
        let said = PublisherEvent.leftInSpool(directory: directory, entries: [SpoolLeftover(name: "notes.txt", kind: .notASpoolName)])
        #expect(events.events.first == said)
        #expect(events.events.count { $0 == said } == 1)
    }

    private func madeDirectory(mode: mode_t) throws -> String {
        let directory = temporaryPath()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        #expect(chmod(directory, mode) == 0)
        return directory
    }
}

/// A file of root's (of the test's user's), mode 0600, that a link points at: it must stay as it is.
private struct Victim {
    let path = temporaryPath()
    private let contents = Data("root:x:0:0:root:/root:/bin/bash\n".utf8)

    init() throws {
        #expect(FileManager.default.createFile(atPath: path, contents: contents, attributes: [.posixPermissions: 0o600]))
    }

    var isUnchanged: Bool { FileManager.default.contents(atPath: path) == contents }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
