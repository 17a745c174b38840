import Foundation
@testable import MQTT
import Testing

/// The queue and its spool on disk, without a broker: what a restart finds there.
@Suite("The outbound queue's spool")
struct SpoolTests {
    @Test("a message's file is written before the sender can take it: a sender that acknowledges at once leaves no file behind")
    func fileBeforeSending() async throws {
        let directory = temporarySpool()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let queue = OutboundQueue(capacity: 10_000, spool: try MessageSpool(directory: directory))
        let count = 500
        let sender = Thread {
            var removed = 0
            while removed < count {
                guard let next = queue.first(after: nil) else { continue }
                queue.remove(next.sequence)
                removed += 1
            }
        }
        sender.start()
        for index in 0..<count { _ = queue.append(MQTTMessage(topic: "t", payload: [UInt8(index & 0xFF)])) }
        while queue.count > 0 || !sender.isFinished { try await Task.sleep(for: .milliseconds(5)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    private func temporarySpool() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)").path
    }
}
