import CommandLineParsing
import GPSCommandLine
import Testing

/// The command lines of gpsd's protocol: `gps serve`, `--json`, `--listen` and `gpsd://`.
@Suite("gps serve, --json and gpsd:// command lines")
struct GPSDCommandLineTests {
    @Test("each command line parses into its command", arguments: [
        (["serve"], Command.serve(source: .devices([], baudRate: nil), listen: .gpsdDefault)),
        (["serve", "/dev/ttyACM0", "--baud=4800"], .serve(source: .devices(["/dev/ttyACM0"], baudRate: 4800), listen: .gpsdDefault)),
        (["serve", "/dev/ttyACM0", "/dev/ttyUSB0", "--control", "/run/gps.sock"],
         .serve(source: .devices(["/dev/ttyACM0", "/dev/ttyUSB0"], baudRate: nil), listen: .gpsdDefault, control: "/run/gps.sock")),
        (["serve", "--listen", "[::1]:2948"], .serve(source: .devices([], baudRate: nil), listen: HostAndPort(host: "::1", port: 2948))),
        (["serve", "--replay", "drive.nmea", "--rate", "5", "--listen", "0.0.0.0:2948"],
         .serve(source: .replay(file: "drive.nmea", rate: 5), listen: HostAndPort(host: "0.0.0.0", port: 2948))),
        (["serve", "--replay=drive.nmea"], .serve(source: .replay(file: "drive.nmea", rate: 1), listen: .gpsdDefault)),
        (["replay", "drive.nmea", "--rate", "0", "--json"], .replay(file: "drive.nmea", rate: 0, json: true)),
        (["read", "--json"], .read(device: nil, baudRate: nil, waitForAccess: false, json: true)),
        (["read", "gpsd://localhost"], .read(device: "gpsd://localhost", baudRate: nil, waitForAccess: false)),
    ])
    func parses(arguments: [String], command: Command) throws {
        #expect(try Command(arguments: arguments) == command)
    }

    @Test("a wrong command line names what is wrong", arguments: [
        (["serve", "/dev/ttyACM0", "--replay", "drive.nmea"], "gps serve: give a DEVICE or --replay FILE, not both (/dev/ttyACM0)"),
        (["serve", "--rate", "2"], "gps serve: --rate needs --replay FILE"),
        (["serve", "--replay", "drive.nmea", "--rate", "0"], "gps serve: --rate must be above 0 for a server"),
        (["serve", "--replay", "drive.nmea", "--baud", "4800"], "gps serve: --baud cannot be combined with --replay"),
        (["serve", "--replay", "drive.nmea", "--control", "/tmp/c"], "gps serve: --control cannot be combined with --replay"),
        (["serve", "--listen", "[::1"], "gps serve: --listen needs HOST:PORT, such as 127.0.0.1:2947 or [::1]:2947, not \"[::1\""),
        (["serve", "--listen", "2947"], "gps serve: --listen needs HOST:PORT, such as 127.0.0.1:2947 or [::1]:2947, not \"2947\""),
        (["serve", "--listen", "host:99999"], "gps serve: --listen needs HOST:PORT, such as 127.0.0.1:2947 or [::1]:2947, not \"host:99999\""),
        (["read", "gpsd://:2947"], "gps read: DEVICE needs a device path, gpsd://HOST[:PORT][/DEVICE] or mqtt://[USER:PASS@]HOST[:PORT]/TOPIC, not \"gpsd://:2947\""),
        (["read", "gpsd://host:port"], "gps read: DEVICE needs a device path, gpsd://HOST[:PORT][/DEVICE] or mqtt://[USER:PASS@]HOST[:PORT]/TOPIC, not \"gpsd://host:port\""),
    ])
    func rejects(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try Command(arguments: arguments) }
        do {
            _ = try Command(arguments: arguments)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("gpsd:// URLs: host, port 2947 unless given, and an optional device")
    func gpsdURLs() {
        #expect(GPSDURL("gpsd://localhost") == GPSDURL(host: "localhost", port: 2947, device: nil))
        #expect(GPSDURL("gpsd://127.0.0.1:2948/dev/ttyACM0") == GPSDURL(host: "127.0.0.1", port: 2948, device: "/dev/ttyACM0"))
        #expect(GPSDURL("gpsd://gps.local/") == GPSDURL(host: "gps.local", port: 2947, device: nil))
        #expect(GPSDURL("gpsd://[::1]:2948/dev/ttyACM0") == GPSDURL(host: "::1", port: 2948, device: "/dev/ttyACM0"))
        #expect(GPSDURL("gpsd://[fe80::1]") == GPSDURL(host: "fe80::1", port: 2947, device: nil))
        #expect(GPSDURL("gpsd://::1") == nil)
        #expect(GPSDURL("/dev/ttyACM0") == nil)
    }

    @Test("one authority parser for --listen, gpsd:// and mqtt://: a host, an optional port, IPv6 in brackets",
          arguments: [
              ("localhost", HostAndPort(host: "localhost", port: 7)),
              ("gps.local:2948", HostAndPort(host: "gps.local", port: 2948)),
              ("[::1]", HostAndPort(host: "::1", port: 7)),
              ("[::1]:0", HostAndPort(host: "::1", port: 0)),
              ("", nil), ("[]", nil), ("[]:2947", nil), (":2947", nil), ("[::1", nil), ("::1]", nil),
              ("[::1]2947", nil), ("::1", nil), ("fe80::1:2947", nil), ("host:", nil), ("host:65536", nil), ("host:-1", nil),
          ] as [(String, HostAndPort?)])
    func authorities(text: String, endpoint: HostAndPort?) {
        #expect(HostAndPort(authority: text[...], defaultPort: 7) == endpoint)
        // Where a port is required (--listen), only those that give one parse.
        let givesPort = endpoint != nil && text.hasSuffix(":\(endpoint!.port)")
        #expect(HostAndPort(text) == (givesPort ? endpoint : nil))
    }
}
