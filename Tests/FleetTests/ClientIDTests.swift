import Fleet
import Foundation
import Testing

/// The client id a publisher uses when given none.
@Suite("A publisher's default client id")
struct ClientIDTests {
    @Test("topics that share their last level get different ids, each gps- and 16 hex digits, within MQTT's 23 characters")
    func uniquePerTopic() {
        let alice = FleetTopic("owntracks/alice/car").defaultClientID(machine: "machine-1")
        let bob = FleetTopic("owntracks/bob/car").defaultClientID(machine: "machine-1")
        #expect(alice != bob)
        for id in [alice, bob] {
            #expect(id.count == 20)
            #expect(id.hasPrefix("gps-"))
            #expect(id.dropFirst(4).allSatisfy { $0.isHexDigit && !$0.isUppercase })
        }
    }

    @Test("one topic on two machines gets two ids")
    func uniquePerMachine() {
        let topic = FleetTopic("owntracks/alice/car")
        #expect(topic.defaultClientID(machine: "machine-1") != topic.defaultClientID(machine: "machine-2"))
    }

    @Test("one topic on one machine gets the same id in every process: FNV-1a of the machine, a NUL and the topic, not Swift's seeded Hasher")
    func stableAcrossRuns() {
        #expect(FleetTopic("owntracks/alice/car").defaultClientID(machine: "machine-1") == "gps-6c41f0eb6f801ec2")
        #expect(FleetTopic("owntracks/alice/car", format: .gpsd, retain: true).defaultClientID(machine: "machine-1")
            == "gps-6c41f0eb6f801ec2")
    }

    @Test("the machine is /etc/machine-id's first line when it is there and not empty, else nothing (the host name is used)")
    func machineIdentity() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("machine-id-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "3d1219c7c4c5404aaa1f6d2a48adfda4\n".write(toFile: "\(directory)/id", atomically: true, encoding: .utf8)
        try "\n".write(toFile: "\(directory)/empty", atomically: true, encoding: .utf8)
        #expect(MachineIdentity.identity(machineIDFile: "\(directory)/id") == "3d1219c7c4c5404aaa1f6d2a48adfda4")
        #expect(MachineIdentity.identity(machineIDFile: "\(directory)/empty") == nil)
        #expect(MachineIdentity.identity(machineIDFile: "\(directory)/missing") == nil)
        #expect(!MachineIdentity.current.isEmpty)
    }
}
