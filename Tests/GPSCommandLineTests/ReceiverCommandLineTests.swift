import CommandLineParsing
import GPSCommandLine
import Testing

/// `gps info`, `gps config` and `gps simulate --ublox` command lines, parsed in-process.
@Suite("gps info and gps config command lines")
struct ReceiverCommandLineTests {
    @Test("each command line parses into its command", arguments: [
        (["info", "/dev/ttyACM0"], Command.info(device: "/dev/ttyACM0", baudRate: nil, json: false)),
        (["info", "/dev/ttyUSB0", "--current-baud", "115200", "--json"], .info(device: "/dev/ttyUSB0", baudRate: 115_200, json: true)),
        (["config", "/dev/ttyACM0", "--rate", "10"], .config(device: "/dev/ttyACM0", baudRate: nil, request: ConfigRequest(hertz: 10))),
        (["config", "/dev/ttyUSB0", "--gnss", "gps,Galileo,glonass", "--baud", "115200", "--output", "both", "--save"],
         .config(device: "/dev/ttyUSB0", baudRate: nil, request: ConfigRequest(
             constellations: [0, 2, 6], newBaudRate: 115_200, output: .both, save: true))),
        (["config", "/dev/ttyACM0", "--message", "NAV-PVT=1", "--message", "nav-sat=0"],
         .config(device: "/dev/ttyACM0", baudRate: nil, request: ConfigRequest(
             messages: [.init(name: "NAV-PVT", rate: 1), .init(name: "NAV-SAT", rate: 0)]))),
        (["config", "/dev/ttyACM0", "--reset", "--yes"],
         .config(device: "/dev/ttyACM0", baudRate: nil, request: ConfigRequest(reset: true, confirmed: true))),
        (["simulate", "--ublox"], .simulateUBlox(link: nil, generation: .m8)),
        (["simulate", "--ublox", "--generation", "f9", "--link", "/tmp/ublox0"], .simulateUBlox(link: "/tmp/ublox0", generation: .f9)),
    ])
    func parses(arguments: [String], command: Command) throws {
        #expect(try Command(arguments: arguments) == command)
    }

    @Test("what gps config cannot do is refused before anything is opened", arguments: [
        (["config", "/dev/ttyACM0"], "nothing to change: give --rate, --gnss, --baud, --output, --message, --save or --reset"),
        (["config", "/dev/ttyACM0", "--reset", "--rate", "5"], "--reset cannot be combined with --rate: reset first, then configure"),
        (["config", "/dev/ttyACM0", "--rate", "5", "--yes"], "--yes confirms --reset, which is not given"),
        (["config", "/dev/ttyACM0", "--gnss", "gps,gps"], "constellations separated by commas"),
        (["config", "/dev/ttyACM0", "--gnss", "galileo,navstar"], "constellations separated by commas"),
        (["config", "/dev/ttyACM0", "--rate", "0"], "a rate in Hz above 0 and at most 1000"),
        (["config", "/dev/ttyACM0", "--message", "NAV-POSLLH=1"], "NAME=RATE with NAME one of NAV-PVT, NAV-SAT"),
        (["config", "/dev/ttyACM0", "--baud", "12345"], "a speed in bit/s"),
        (["config", "/dev/ttyACM0", "--output", "rtcm"], "nmea, ubx or both"),
        (["simulate", "--ublox", "--rate", "5"], "--ublox cannot be combined with --rate"),
        (["simulate", "--pty", "--generation", "f9"], "--generation needs --ublox"),
    ])
    func refuses(arguments: [String], message: String) {
        #expect {
            _ = try Command(arguments: arguments)
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}
