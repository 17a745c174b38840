import CommandLineParsing
import NTRIP
import POSIXSupport

/// What `gps serve` serves.
public enum ServeSource: Equatable, Sendable {
    /// Receivers: these devices, or (none given) every receiver discovery finds; at this
    /// speed, or detected.
    case devices([FilePath], baudRate: Int?)
    /// A capture played in a loop at `rate` times real time.
    case replay(file: FilePath, rate: Double)
}

/// What a `gps` command line asks for; `gps` switches on it.
public enum Command: Equatable, Sendable {
    /// No arguments: the first receiver found, else the bundled capture at `rate`.
    case demo(rate: Double)
    /// `gps read [DEVICE | gpsd://… | mqtt://…] [--baud N] [--wait] [--json] [--distance-filter M] [--desired-accuracy M]
    /// [--region NAME:LAT,LON,RADIUS]...`: a device, the one discovery finds, or a running gpsd
    /// (`gpsd://HOST[:PORT][/DEVICE]`); gpsd's JSON instead of text lines with `json`; the
    /// fixes printed and the regions watched as `filters` say (not with `json` or gpsd).
    case read(device: FilePath?, baudRate: Int?, waitForAccess: Bool, json: Bool = false, filters: FixFilters = .none)
    /// `gps replay FILE [--rate X] [--json] [--distance-filter M] [--desired-accuracy M]
    /// [--region NAME:LAT,LON,RADIUS]...`: a capture, once; `filters` as for `read`.
    case replay(file: FilePath, rate: Double, json: Bool = false, filters: FixFilters = .none)
    /// `gps serve [DEVICE... | --replay FILE [--rate X]] [--baud N] [--listen HOST:PORT]
    /// [--control PATH] [--chrony PATH] [--shm UNIT]`: a gpsd-protocol server for receivers or a
    /// capture; with `control`, gpsd's control socket at that path (`gpsdctl add/remove`); with
    /// `time`, a time source for chrony and ntpd too.
    case serve(source: ServeSource, listen: HostAndPort, control: FilePath? = nil, time: TimeOutputs = .none)
    /// `gps devices`: the discovery table.
    case devices
    /// `gps simulate --pty [FILE] [--link PATH] [--rate X]`: a virtual receiver in a loop; with
    /// `--clock [--delay MS]` instead of `--rate`, on the system clock's time (`clock`).
    case simulate(file: String?, link: FilePath?, rate: Double, clock: SimulatedClock? = nil)
    /// `gps simulate --ublox [--generation m8|f9] [--link PATH]`: a simulated u-blox receiver on a
    /// pseudo-terminal, answering UBX commands and polls.
    case simulateUBlox(link: FilePath?, generation: SimulatedUBlox)
    /// `gps simulate --write FILE`: writes the sample drive capture (`-` for standard output).
    case writeDrive(file: FilePath)
    /// `gps udev-rules [--control PATH]`: prints the rules for the known receivers; with
    /// `control`, hotplug rules that add each one to `gps serve --control PATH` as it is plugged in.
    case udevRules(control: String? = nil)
    /// `gps record [DEVICE] --output FILE [--baud N] [--append | --force] [--sync epoch|close]
    /// [--rotate SIZE|hourly] [--no-header]`: a device's (or a gpsd's) NMEA into a file.
    case record(device: FilePath?, baudRate: Int?, settings: RecordSettings)
    /// `gps replay FILE --gpx` or `--geojson`: the capture's track on standard output.
    case export(file: FilePath, format: ExportFormat)
    /// `gps publish mqtt://[USER:PASS@]HOST[:PORT]/TOPIC [DEVICE | --replay FILE [--rate X]] [--baud N]
    /// [--format owntracks|gpsd] [--retain] [--spool DIR] [--queue N] [--client-id ID] [--tid XX]`:
    /// each fix to an MQTT topic, stored and forwarded through broker outages.
    case publish(PublishSettings)
    /// A command that holds a receiver (`read`, `serve`, `record`, `publish`) with `--ntrip`
    /// corrections fed to it, or (`serve`) `--caster` serving its own RTCM 3.
    indirect case withRTK(Command, RTKSettings)
    /// `gps ntrip ntrip://[USER:PASS@]HOST[:PORT]/ [DEVICE] [--json]`: a caster's source table.
    case ntripTable(caster: NTRIPURL, device: String?, json: Bool)
    /// `gps report FILE [--output PAGE]`: the capture drawn as one HTML page.
    case report(file: FilePath, output: FilePath)
    /// `gps info DEVICE [--current-baud N] [--json]`: a u-blox receiver's identity and settings,
    /// read with polls only.
    case info(device: FilePath, baudRate: Int?, json: Bool)
    /// `gps config DEVICE [--rate HZ] [--gnss LIST] [--baud N] [--output nmea|ubx|both]
    /// [--message NAME=RATE]... [--save] [--reset [--yes]] [--current-baud N]`: a u-blox
    /// receiver's settings changed, each change acknowledged.
    case config(device: FilePath, baudRate: Int?, request: ConfigRequest)
    /// `-h` or `--help`: the help of the command at `commandPath` (`[]` for `gps`, `["replay"]`).
    case help(commandPath: [String])
}

extension Command {
    /// Parses the arguments after the program's name.
    ///
    /// - Throws: `UsageError` naming the bad argument; its `hint` names the help to read.
    public init(arguments: [String]) throws(UsageError) {
        try self.init(arguments: arguments.map(CommandLineArgument.init))
    }

    /// Parses the arguments after the program's name as `argv` holds them: a path that is not
    /// UTF-8 keeps its bytes (a FILE, a DEVICE, `--output`, `--write`, `--link`, `--spool`,
    /// `--control`, `--replay`); any other argument that is not UTF-8 is a usage error.
    ///
    /// - Throws: `UsageError` naming the bad argument; its `hint` names the help to read.
    public init(arguments: [CommandLineArgument]) throws(UsageError) {
        switch try Command.definition.parse(arguments) {
        case .run(let command): self = command
        case .help(let commandPath): self = .help(commandPath: commandPath)
        }
    }

    /// The help `gps [COMMAND] --help` prints, generated from the declarations the parser reads.
    public static func helpText(for commandPath: [String]) -> String {
        definition.helpText(for: commandPath)
    }
}
