import CommandLineParsing
import GPSCommandLine
import POSIXSupport
import Testing

/// What `--baud` accepts, as a refusal words it: the speeds `SerialPort` can set.
private let speeds = "a speed in bit/s: 1200, 1800, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, "
    + "500000, 576000 or 921600"

/// Real `gps` command lines, parsed in-process into the `Command` that `gps` runs.
@Suite("gps command lines")
struct CommandParsingTests {
    @Test("each command line parses into its command", arguments: [
        ([], Command.demo(rate: 20)),
        (["--rate", "0"], .demo(rate: 0)),
        (["read"], .read(device: nil, baudRate: nil, waitForAccess: false)),
        (["read", "/dev/ttyUSB0", "--baud", "4800"], .read(device: "/dev/ttyUSB0", baudRate: 4800, waitForAccess: false)),
        (["read", "/dev/ttyUSB0", "--baud=4800"], .read(device: "/dev/ttyUSB0", baudRate: 4800, waitForAccess: false)),
        (["read", "--wait", "/dev/ttyACM0"], .read(device: "/dev/ttyACM0", baudRate: nil, waitForAccess: true)),
        (["read", "--", "--odd-name"], .read(device: "--odd-name", baudRate: nil, waitForAccess: false)),
        (["replay", "drive.nmea"], .replay(file: "drive.nmea", rate: 1)),
        (["replay", "drive.nmea", "--rate", "0"], .replay(file: "drive.nmea", rate: 0)),
        (["replay", "--rate=2.5", "drive.nmea"], .replay(file: "drive.nmea", rate: 2.5)),
        (["replay", "--", "-drive.nmea"], .replay(file: "-drive.nmea", rate: 1)),
        (["devices"], .devices),
        (["simulate", "--pty"], .simulate(file: nil, link: nil, rate: 1)),
        (["simulate", "--pty", "drive.nmea", "--link", "/tmp/gps0", "--rate", "5"],
         .simulate(file: "drive.nmea", link: "/tmp/gps0", rate: 5)),
        (["simulate", "--write", "-"], .writeDrive(file: "-")),
        (["simulate", "--write=out.nmea"], .writeDrive(file: "out.nmea")),
        (["udev-rules"], .udevRules()),
        (["udev-rules", "--control", "/run/gps.sock"], .udevRules(control: "/run/gps.sock")),
    ])
    func parses(arguments: [String], command: Command) throws {
        #expect(try Command(arguments: arguments) == command)
    }

    @Test("-h or --help asks for the help of the command it follows", arguments: [
        (["--help"], [String]()), (["-h"], []),
        (["read", "--help"], ["read"]), (["replay", "--help"], ["replay"]), (["replay", "FILE", "-h"], ["replay"]),
        (["devices", "--help"], ["devices"]), (["simulate", "--help"], ["simulate"]),
        (["udev-rules", "-h"], ["udev-rules"]),
    ])
    func help(arguments: [String], commandPath: [String]) throws {
        #expect(try Command(arguments: arguments) == .help(commandPath: commandPath))
    }

    @Test("a wrong command line is refused with a message naming the bad argument", arguments: [
        (["read", "--baud", "--wait"], "gps read: --baud needs a value: \(speeds)"),
        (["read", "--baud", "fast"], "gps read: --baud needs \(speeds), not \"fast\""),
        (["read", "--baud=0"], "gps read: --baud needs \(speeds), not \"0\""),
        (["read", "/dev/ttyUSB0", "--baud", "1234"], "gps read: --baud needs \(speeds), not \"1234\""),
        (["serve", "--baud", "4801"], "gps serve: --baud needs \(speeds), not \"4801\""),
        (["read", "--wait=yes"], "gps read: --wait takes no value"),
        (["read", "/dev/ttyUSB0", "/dev/ttyUSB1"], "gps read: unexpected argument /dev/ttyUSB1"),
        (["replay"], "gps replay needs a FILE"),
        (["replay", "drive.nmea", "--rate", "-1"], "gps replay: --rate needs a number of 0 or more, not \"-1\""),
        (["replay", "drive.nmea", "--rate", "nan"], "gps replay: --rate needs a number of 0 or more, not \"nan\""),
        (["replay", "drive.nmea", "--baud", "4800"], "gps replay: unknown option --baud"),
        (["devices", "extra"], "gps devices: unexpected argument extra"),
        (["simulate"], "gps simulate: needs --pty or --write FILE"),
        (["simulate", "--write", "out.nmea", "--pty"], "gps simulate: --write cannot be combined with --pty"),
        (["simulate", "--write", "out.nmea", "--rate", "2"], "gps simulate: --write cannot be combined with --rate"),
        (["simulate", "--write", "out.nmea", "drive.nmea"], "gps simulate: unexpected argument drive.nmea"),
        (["frobnicate"], "gps: unknown command frobnicate"),
        (["--bogus"], "gps: unknown option --bogus"),
    ])
    func refused(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try Command(arguments: arguments) }
        do throws(UsageError) {
            _ = try Command(arguments: arguments)
        } catch {
            #expect(error.description == message)
            #expect(error.hint == "Try `\(error.commandPath.joined(separator: " ")) --help`.")
        }
    }

    @Test("a FILE keeps argv's bytes when they are not UTF-8 (replay, report, record --output, simulate --write)")
    func pathsKeepTheirBytes() throws {
        let bad = CommandLineArgument(bytes: Array("bad".utf8) + [0xFF, 0xFE] + Array(".nmea".utf8))
        let path = FilePath(bytes: bad.bytes)
        #expect(try Command(arguments: [CommandLineArgument("replay"), bad, CommandLineArgument("--rate=0")])
            == .replay(file: path, rate: 0))
        #expect(try Command(arguments: ["report", "drive.nmea", "--output"].map(CommandLineArgument.init) + [bad])
            == .report(file: "drive.nmea", output: path))
        let inline = CommandLineArgument(bytes: Array("--output=".utf8) + bad.bytes)
        #expect(try Command(arguments: ["record", "/dev/ttyACM0"].map(CommandLineArgument.init) + [inline])
            == .record(device: "/dev/ttyACM0", baudRate: nil, settings: RecordSettings(output: path)))
        #expect(try Command(arguments: ["simulate", "--write"].map(CommandLineArgument.init) + [bad]) == .writeDrive(file: path))
        #expect(path.description == #"bad\xFF\xFE.nmea"#)
    }

    @Test("a DEVICE, --link, --spool, --control and --replay that are not UTF-8 keep their bytes too")
    func devicePathsKeepTheirBytes() throws {
        let name = FilePath(bytes: Array("/dev/tty".utf8) + [0xFF, 0xFE])
        func parse(_ before: [String], _ after: [String] = []) throws -> Command {
            try Command(arguments: before.map(CommandLineArgument.init) + [CommandLineArgument(bytes: name.bytes)]
                + after.map(CommandLineArgument.init))
        }
        #expect(try parse(["read"]) == .read(device: name, baudRate: nil, waitForAccess: false))
        #expect(try parse(["record"], ["--output", "out.nmea"])
            == .record(device: name, baudRate: nil, settings: RecordSettings(output: "out.nmea")))
        #expect(try parse(["serve"]) == .serve(source: .devices([name], baudRate: nil), listen: .gpsdDefault))
        #expect(try parse(["serve", "--replay"]) == .serve(source: .replay(file: name, rate: 1), listen: .gpsdDefault))
        #expect(try parse(["serve", "--control"]) == .serve(source: .devices([], baudRate: nil), listen: .gpsdDefault, control: name))
        #expect(try parse(["simulate", "--pty", "--link"]) == .simulate(file: nil, link: name, rate: 1))
        guard case .publish(let device) = try parse(["publish", "mqtt://broker/fleet/a"]),
              case .publish(let replay) = try parse(["publish", "mqtt://broker/fleet/a", "--replay"]),
              case .publish(let spool) = try parse(["publish", "mqtt://broker/fleet/a", "--spool"])
        else {
            Issue.record("gps publish did not parse")
            return
        }
        #expect(device.source == .device(name, baudRate: nil))
        #expect(replay.source == .replay(file: name, rate: 1))
        #expect(spool.spoolDirectory == name)
    }

    @Test("any other argument that is not UTF-8 is refused, the byte written \\xFF, rather than read as another name")
    func otherArgumentsMustBeUTF8() {
        let id = CommandLineArgument(bytes: Array("car".utf8) + [0xFF])
        do throws(UsageError) {
            _ = try Command(arguments: ["publish", "mqtt://broker/fleet/a", "--client-id"].map(CommandLineArgument.init) + [id])
            Issue.record("a --client-id that is not UTF-8 was accepted")
        } catch {
            #expect(error.description == #"gps publish: --client-id needs UTF-8 text, not "car\xFF""#)
        }
    }
}
