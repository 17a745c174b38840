import CommandLineParsing
import GPSCommandLine
import POSIXSupport
import Testing

/// The command lines of fleet tracking: `gps publish` and `gps read mqtt://`.
@Suite("gps publish and mqtt:// command lines")
struct FleetCommandLineTests {
    private static let car = MQTTURL(host: "broker.local", topic: "owntracks/alice/car")

    @Test("each command line parses into its command", arguments: [
        (["publish", "mqtt://broker.local/owntracks/alice/car"], Command.publish(PublishSettings(url: car, source: .device(nil, baudRate: nil)))),
        (["publish", "mqtt://broker.local/owntracks/alice/car", "/dev/ttyACM0", "--baud", "4800", "--retain", "--format", "gpsd"],
         .publish(PublishSettings(url: car, source: .device("/dev/ttyACM0", baudRate: 4800), format: .gpsd, retain: true))),
        (["publish", "mqtt://broker.local/owntracks/alice/car", "--replay", "drive.nmea", "--rate=0", "--spool", "/var/spool/gps",
          "--queue", "500", "--client-id", "car-1", "--tid", "AC"],
         .publish(PublishSettings(url: car, source: .replay(file: "drive.nmea", rate: 0), spoolDirectory: "/var/spool/gps",
                                  queueCapacity: 500, clientID: "car-1", trackerID: "AC"))),
        (["publish", "mqtt://broker.local/owntracks/alice/car", "gpsd://localhost"],
         .publish(PublishSettings(url: car, source: .device("gpsd://localhost", baudRate: nil)))),
        (["read", "mqtt://broker.local/owntracks/+/car"], .read(device: "mqtt://broker.local/owntracks/+/car", baudRate: nil, waitForAccess: false)),
        (["read", "mqtt://broker.local/fleet/#", "--json"], .read(device: "mqtt://broker.local/fleet/#", baudRate: nil, waitForAccess: false, json: true)),
    ])
    func parses(arguments: [String], command: Command) throws {
        #expect(try Command(arguments: arguments) == command)
    }

    @Test("a wrong command line names what is wrong", arguments: [
        (["publish"], "gps publish needs a URL"),
        (["publish", "mqtt://broker/fleet/+"],
         "gps publish: URL needs mqtt://[USER:PASS@]HOST[:PORT]/TOPIC, a topic without + or #, not \"mqtt://broker/fleet/+\""),
        (["publish", "mqtt://broker"], "gps publish: URL needs mqtt://[USER:PASS@]HOST[:PORT]/TOPIC, a topic without + or #, not \"mqtt://broker\""),
        (["publish", "mqtt://b/t", "/dev/ttyACM0", "--replay", "d.nmea"], "gps publish: give a DEVICE or --replay FILE, not both (/dev/ttyACM0)"),
        (["publish", "mqtt://b/t", "--rate", "2"], "gps publish: --rate needs --replay FILE"),
        (["publish", "mqtt://b/t", "--format", "xml"], "gps publish: --format needs owntracks or gpsd, not \"xml\""),
        (["publish", "mqtt://b/t", "--queue", "0"], "gps publish: --queue needs a positive integer, not \"0\""),
        (["publish", "mqtt://b/t", "--tid", "ABC"], "gps publish: --tid takes two characters, not ABC"),
        (["read", "mqtt://b/t", "--baud", "4800"], "gps read: --baud cannot be combined with mqtt://"),
        (["read", "mqtt://:1883/t"],
         "gps read: DEVICE needs a device path, gpsd://HOST[:PORT][/DEVICE] or mqtt://[USER:PASS@]HOST[:PORT]/TOPIC, not \"mqtt://:1883/t\""),
    ])
    func rejects(arguments: [String], message: String) {
        do {
            _ = try Command(arguments: arguments)
            Issue.record("accepted \(arguments)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("a reader's filter has + and # only as whole levels, # only last (MQTT 3.1.1 §4.7.1)", arguments: [
        ("fleet/#/car", "gps read: in the topic filter fleet/#/car, # must be the whole of the last level (such as fleet/#)"),
        ("fleet/car#", "gps read: in the topic filter fleet/car#, # must be the whole of the last level (such as fleet/#)"),
        ("#/", "gps read: in the topic filter #/, # must be the whole of the last level (such as fleet/#)"),
        ("fleet/ca+/x", "gps read: in the topic filter fleet/ca+/x, + must be a whole level (such as owntracks/+/car)"),
        ("+x", "gps read: in the topic filter +x, + must be a whole level (such as owntracks/+/car)"),
    ])
    func invalidFilters(filter: String, message: String) {
        #expect(Self.usageMessage(["read", "mqtt://b/" + filter]) == message)
    }

    @Test("wildcards as whole levels are filters a reader may follow", arguments: ["#", "+", "+/+/#", "owntracks/+/car", "a//b/#", "fleet/car"])
    func validFilters(filter: String) throws {
        #expect(try Command(arguments: ["read", "mqtt://b/" + filter]) == .read(
            device: FilePath("mqtt://b/" + filter), baudRate: nil, waitForAccess: false))
    }

    @Test("a topic, user name, password or client id over MQTT's 65,535 bytes is a usage error, not a crash; 65,535 is taken")
    func stringLengths() throws {
        let long = String(repeating: "t", count: 65_536)
        let longest = String(repeating: "t", count: 65_535)
        let cases: [([String], String)] = [
            (["publish", "mqtt://b/" + long], "gps publish: the topic is 65536 bytes long; MQTT allows at most 65,535"),
            (["read", "mqtt://b/" + long], "gps read: the topic is 65536 bytes long; MQTT allows at most 65,535"),
            (["publish", "mqtt://\(long):p@b/t"], "gps publish: the user name is 65536 bytes long; MQTT allows at most 65,535"),
            (["read", "mqtt://u:\(long)@b/t"], "gps read: the password is 65536 bytes long; MQTT allows at most 65,535"),
            (["publish", "mqtt://b/t", "--client-id", long], "gps publish: --client-id is 65536 bytes long; MQTT allows at most 65,535"),
        ]
        for (arguments, message) in cases {
            #expect(Self.usageMessage(arguments) == message)
        }
        let url = MQTTURL(host: "b", username: longest, password: longest, topic: longest)
        #expect(try Command(arguments: ["publish", "mqtt://\(longest):\(longest)@b/\(longest)", "--client-id", longest])
            == .publish(PublishSettings(url: url, source: .device(nil, baudRate: nil), clientID: longest)))
    }

    /// What `gps` says of `arguments` as a usage error; `nil` when they parse.
    private static func usageMessage(_ arguments: [String]) -> String? {
        do {
            _ = try Command(arguments: arguments)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("mqtt:// URLs: credentials, host, port 1883 unless given, an IPv6 host in brackets, the topic with its wildcards")
    func urls() {
        #expect(MQTTURL("mqtt://alice:s3cret@broker:1884/owntracks/alice/car")
            == MQTTURL(host: "broker", port: 1884, username: "alice", password: "s3cret", topic: "owntracks/alice/car"))
        #expect(MQTTURL("mqtt://[::1]/fleet/#") == MQTTURL(host: "::1", topic: "fleet/#"))
        #expect(MQTTURL("mqtt://[::1]:1885/a")?.port == 1885)
        #expect(MQTTURL("mqtt://broker/a/+/b")?.hasWildcard == true)
        #expect(MQTTURL("mqtt://broker/") == nil)
        #expect(MQTTURL("mqtt://@broker/t") == nil)
        #expect(MQTTURL("gpsd://broker/t") == nil)
    }

    @Test("gps --help lists publish, and gps publish --help its options")
    func help() {
        #expect(Command.helpText(for: []).contains("publish"))
        let help = Command.helpText(for: ["publish"])
        #expect(help.contains("TPV) (default owntracks)"))
        for option in ["--replay", "--format", "--retain", "--spool", "--queue", "--client-id", "--tid"] {
            #expect(help.contains(option))
        }
    }
}
