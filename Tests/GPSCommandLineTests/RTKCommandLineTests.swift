import CommandLineParsing
import GPSCommandLine
import NTRIP
import Testing

/// `--ntrip`, `--caster` and `gps ntrip` as parsed.
@Suite("RTK command line")
struct RTKCommandLineTests {
    static let url = NTRIPURL(host: "caster.example.org", username: "alice", password: "pw", mountpoint: "NEAR")

    @Test("--ntrip wraps read, record, serve and publish of one receiver")
    func wraps() throws {
        let read = try Command(arguments: ["read", "/dev/ttyACM0", "--ntrip", "ntrip://alice:pw@caster.example.org/NEAR"])
        #expect(read == .withRTK(.read(device: "/dev/ttyACM0", baudRate: nil, waitForAccess: false), RTKSettings(ntrip: Self.url)))
        for arguments in [
            ["record", "/dev/ttyACM0", "--output", "x.nmea", "--ntrip", "ntrip://alice:pw@caster.example.org/NEAR"],
            ["serve", "/dev/ttyACM0", "--ntrip", "ntrip://alice:pw@caster.example.org/NEAR"],
            ["publish", "mqtt://broker/t", "/dev/ttyACM0", "--ntrip", "ntrip://alice:pw@caster.example.org/NEAR"],
        ] {
            guard case .withRTK(_, let settings) = try Command(arguments: arguments) else {
                Issue.record("\(arguments) not wrapped")
                continue
            }
            #expect(settings.ntrip == Self.url)
        }
    }

    @Test("--gga-interval: the GGA sent upstream every 10 s unless given, every SECONDS, or never with 0")
    func ggaInterval() throws {
        func interval(_ extra: [String]) throws -> Duration?? {
            let arguments = ["read", "/dev/ttyACM0", "--ntrip", "ntrip://alice:pw@caster.example.org/NEAR"] + extra
            guard case .withRTK(_, let settings) = try Command(arguments: arguments) else { return .none }
            return .some(settings.ggaInterval)
        }
        #expect(try interval([]) == .some(.seconds(10)))
        #expect(try interval(["--gga-interval", "30"]) == .some(.seconds(30)))
        #expect(try interval(["--gga-interval", "2.5"]) == .some(.milliseconds(2500)))
        #expect(try interval(["--gga-interval", "0"]) == .some(nil))
    }

    @Test("--caster on serve: every address unless given, credentials, the mountpoint")
    func caster() throws {
        let command = try Command(arguments: ["serve", "/dev/ttyACM0", "--caster", "bob:secret@127.0.0.1:2102/BASE"])
        guard case .withRTK(_, let settings) = command else {
            Issue.record("not wrapped")
            return
        }
        #expect(settings.caster == CasterEndpoint(
            listen: HostAndPort(host: "127.0.0.1", port: 2102), mountpoint: "BASE", username: "bob", password: "secret"))
        #expect(CasterEndpoint("2101/BASE")?.listen == HostAndPort(host: "0.0.0.0", port: 2101))
    }

    @Test("refused: no mountpoint, not ntrip://, a gpsd or a replay or two devices to correct")
    func refused() {
        for arguments in [
            ["read", "/dev/ttyACM0", "--ntrip", "ntrip://caster.example.org/"],
            ["read", "/dev/ttyACM0", "--ntrip", "http://caster.example.org/NEAR"],
            ["read", "gpsd://localhost", "--ntrip", "ntrip://caster.example.org/NEAR"],
            ["serve", "--replay", "x.nmea", "--ntrip", "ntrip://caster.example.org/NEAR"],
            ["serve", "/dev/ttyACM0", "/dev/ttyACM1", "--ntrip", "ntrip://caster.example.org/NEAR"],
            ["serve", "/dev/ttyACM0", "--caster", "BASE"],
            ["read", "/dev/ttyACM0", "--gga-interval", "5"],
            ["read", "/dev/ttyACM0", "--ntrip", "ntrip://caster.example.org/NEAR", "--gga-interval", "0.5"],
            ["read", "/dev/ttyACM0", "--ntrip", "ntrip://caster.example.org/NEAR", "--gga-interval", "-1"],
        ] {
            #expect(throws: UsageError.self, "\(arguments)") { try Command(arguments: arguments) }
        }
    }

    @Test("gps ntrip URL [DEVICE] [--json]")
    func sourceTable() throws {
        #expect(try Command(arguments: ["ntrip", "ntrip://caster.example.org/", "--json"])
            == .ntripTable(caster: NTRIPURL(host: "caster.example.org", mountpoint: ""), device: nil, json: true))
    }
}
