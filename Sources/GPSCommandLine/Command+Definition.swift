import CommandLineParsing
import POSIXSupport
import SerialPort

extension Command {
    /// The `gps` command line, declared once: `init(arguments:)` parses with it, `helpText(for:)` prints it.
    public static let definition = CommandDefinition<Command>(
        "gps", "read a USB GPS receiver (or a capture) and print one line per fix.",
        discussion: "the first receiver found; with none attached, replays the bundled sample drive",
        options: [Options.demoRate],
        subcommands: [
            Subcommands.read, Subcommands.replay, Subcommands.serve, Subcommands.devices, Subcommands.simulate,
            Subcommands.udevRules, RecordingCommands.record, RecordingCommands.report, PublishCommand.publish,
            ReceiverCommands.info, ReceiverCommands.config, NTRIPCommand.ntrip,
        ],
        helpSections: [HelpSections.output, HelpSections.exitStatus]
    ) { .demo(rate: $0[Options.demoRate]) }
}

/// The subcommands, each with the case of `Command` it parses into.
private enum Subcommands {
    static let read = CommandDefinition<Command>(
        "read", "reads a device such as /dev/ttyACM0 (default: discovery) until Ctrl-C",
        discussion: "reads a device such as /dev/ttyACM0 (default: the receiver discovery finds, waiting for one); "
            + "the speed is detected unless --baud is given. When access is denied, prints the remedy and exits 3, "
            + "or with --wait keeps waiting until access is granted. gpsd://HOST[:PORT][/DEVICE] reads through a "
            + "running gpsd instead (port 2947 unless given), reconnecting whenever it goes away; "
            + "mqtt://[USER:PASS@]HOST[:PORT]/TOPIC follows a topic gps publish (or OwnTracks) writes to, "
            + "+ and # wildcards allowed",
        operands: [Operands.readSource], options: [Options.baud, Options.wait, Options.json] + Options.filters + [RTKOptions.ntrip, RTKOptions.ggaInterval]
    ) { arguments throws(UsageProblem) in
        let device = arguments[Operands.readSource]
        let filters = try fixFilters(in: arguments)
        if device?.string?.hasPrefix(MQTTURL.scheme) == true, let given = [Options.baud, Options.wait].first(where: arguments.isGiven) {
            throw .conflict("\(given.name) cannot be combined with mqtt://")
        }
        if let problem = device?.string.flatMap(MQTTURL.init)?.problem(asFilter: true) { throw .conflict(problem) }
        let notADevice = device?.string.flatMap { $0.hasPrefix(MQTTURL.scheme) || $0.hasPrefix(GPSDURL.scheme) ? $0 : nil }
        return try RTKOptions.wrap(
            .read(device: device, baudRate: arguments[Options.baud], waitForAccess: arguments[Options.wait],
                  json: arguments[Options.json], filters: filters),
            in: arguments, notADevice: notADevice)
    }

    static let replay = CommandDefinition<Command>(
        "replay", "replays a capture at X times real time, then exits 0",
        operands: [Operands.capture], options: [Options.rate, Options.json] + Options.filters + RecordingCommands.exportOptions
    ) { arguments throws(UsageProblem) in
        let others: [any CommandOption] = [Options.rate, Options.json] + Options.filters
        if let export = try RecordingCommands.export(of: arguments[Operands.capture], in: arguments, others: others) {
            return export
        }
        return .replay(file: arguments[Operands.capture], rate: arguments[Options.rate], json: arguments[Options.json],
                filters: try fixFilters(in: arguments))
    }

    /// The filters of `read` and `replay`. They decide which fixes print and watch regions, so
    /// they cannot go with `--json`, which prints every epoch as gpsd does.
    private static func fixFilters(in arguments: ParsedArguments) throws(UsageProblem) -> FixFilters {
        let filters = FixFilters(
            distanceFilter: arguments[Options.distanceFilter], desiredAccuracy: arguments[Options.desiredAccuracy],
            regions: arguments[Options.region])
        if let given = Options.filters.first(where: arguments.isGiven), arguments[Options.json] {
            throw .conflict("\(given.name) cannot be combined with --json")
        }
        var names: Set<String> = []
        for region in filters.regions where !names.insert(region.name).inserted {
            throw .conflict("--region \(region.name) is given twice")
        }
        return filters
    }

    static let serve = CommandDefinition<Command>(
        "serve", "serves receivers (or a capture, with --replay) to gpsd's clients over gpsd's protocol",
        discussion: "serves receivers (each DEVICE given, default: every receiver discovery finds) or, with --replay, "
            + "a capture played in a loop, to gpsd's clients (gpspipe, cgps, Python's gps module...) over gpsd's "
            + "JSON protocol on TCP; loopback only unless --listen names another address. With --control PATH, "
            + "gpsd's control socket: gpsdctl add and remove receivers while it runs. With --chrony PATH or --shm UNIT, "
            + "a time source for chrony or ntpd too. Ctrl-C stops it",
        operands: [Operands.devices], options: [Options.replay, Options.rate, Options.baud, Options.listen, Options.control,
                  Options.chrony, Options.shm, RTKOptions.ntrip, RTKOptions.ggaInterval, RTKOptions.caster]
    ) { arguments throws(UsageProblem) in
        let listen = arguments[Options.listen]
        let control = arguments[Options.control]
        let devices = arguments[Operands.devices]
        guard let capture = arguments[Options.replay] else {
            if arguments.isGiven(Options.rate) { throw .conflict("--rate needs --replay FILE") }
            let time = TimeOutputs(chronySocket: arguments[Options.chrony], sharedMemoryUnit: arguments[Options.shm])
            // One refclock, one receiver's time: which one must be said.
            if let given = [Options.chrony, Options.shm].first(where: arguments.isGiven), devices.count != 1 {
                throw .conflict("\(given.name) takes one receiver's time: give one DEVICE")
            }
            return try RTKOptions.wrap(
                .serve(source: .devices(devices, baudRate: arguments[Options.baud]), listen: listen, control: control, time: time),
                in: arguments, notADevice: devices.count == 1 ? nil : "\(devices.count) DEVICEs: give one", servesCaster: true)
        }
        // A capture's bytes are not stamped on arrival: it has no time to give.
        if let given = [Options.chrony, Options.shm].first(where: arguments.isGiven) {
            throw .conflict("\(given.name) needs a receiver, not --replay")
        }
        if let device = devices.first { throw .conflict("give a DEVICE or --replay FILE, not both (\(device))") }
        if arguments.isGiven(Options.baud) { throw .conflict("--baud cannot be combined with --replay") }
        if arguments.isGiven(Options.control) { throw .conflict("--control cannot be combined with --replay") }
        // A server replays in a loop: at full speed it would flood every client.
        if arguments[Options.rate] == 0 { throw .conflict("--rate must be above 0 for a server") }
        return try RTKOptions.wrap(
            .serve(source: .replay(file: capture, rate: arguments[Options.rate]), listen: listen),
            in: arguments, notADevice: "--replay", servesCaster: true)
    }

    static let devices = CommandDefinition<Command>(
        "devices", "lists the USB serial devices: path, links, USB id, product, driver, group, "
            + "whether you may open it, known receiver"
    ) { _ in .devices }

    static let simulate = CommandDefinition<Command>(
        "simulate", "with --pty, a virtual receiver on a pseudo-terminal; with --write FILE, writes the sample drive",
        discussion: "with --pty, a virtual receiver on a pseudo-terminal playing FILE (default: the sample drive) "
            + "in a loop at X times real time; prints its device path for `gps read`. "
            + "With --write FILE, writes the sample drive capture instead (- for standard output)",
        operands: [Operands.simulatedCapture],
        options: [Options.pty, Options.link, Options.rate, Options.clock, Options.delay, Options.write, Options.ublox, Options.generation]
    ) { arguments throws(UsageProblem) in
        if arguments[Options.ublox] {
            let others: [any CommandOption] = [Options.rate, Options.clock, Options.delay, Options.write]
            if let other = others.first(where: arguments.isGiven) { throw .conflict("--ublox cannot be combined with \(other.name)") }
            if let capture = arguments[Operands.simulatedCapture] { throw .unexpectedOperand(capture) }
            return .simulateUBlox(link: arguments[Options.link], generation: arguments[Options.generation])
        }
        if arguments.isGiven(Options.generation) { throw .conflict("--generation needs --ublox") }
        if let output = arguments[Options.write] {
            let others: [any CommandOption] = [Options.pty, Options.link, Options.rate, Options.clock, Options.delay]
            if let other = others.first(where: arguments.isGiven) {
                throw .conflict("--write cannot be combined with \(other.name)")
            }
            if let capture = arguments[Operands.simulatedCapture] { throw .unexpectedOperand(capture) }
            return .writeDrive(file: output)
        }
        guard arguments[Options.pty] else { throw .conflict("needs --pty or --write FILE") }
        var clock: SimulatedClock?
        if arguments[Options.clock] {
            if arguments.isGiven(Options.rate) { throw .conflict("--rate cannot be combined with --clock (one epoch a second)") }
            clock = SimulatedClock(delayMilliseconds: arguments[Options.delay])
        } else if arguments.isGiven(Options.delay) {
            throw .conflict("--delay needs --clock")
        }
        return .simulate(
            file: arguments[Operands.simulatedCapture], link: arguments[Options.link], rate: arguments[Options.rate], clock: clock)
    }

    static let udevRules = CommandDefinition<Command>(
        "udev-rules", "prints udev rules for the known GPS receivers",
        discussion: "prints udev rules for the known GPS receivers; with --control PATH, also rules that add each one "
            + "to `gps serve --control PATH` when it is plugged in (through gpsd's gpsdctl, while the socket exists)",
        options: [Options.udevControl]
    ) { arguments in .udevRules(control: arguments[Options.udevControl]) }
}

/// The operands, shared by the subcommands that take them.
private enum Operands {
    static let devices = RepeatableOperand("DEVICE", "a serial device or a link to one, such as /dev/ttyACM0", kind: .path)
    static let readSource = Operand(
        optional: "DEVICE",
        "a serial device or a link to one, such as /dev/ttyACM0, gpsd://HOST[:PORT][/DEVICE] or mqtt://HOST[:PORT]/TOPIC",
        kind: .readSource)
    static let capture = Operand("FILE", "a capture: NMEA sentences as a receiver sends them", kind: .path)
    static let simulatedCapture = Operand(optional: "FILE", "the capture to play (default: the sample drive)")
}

/// The options, shared by the subcommands that take them.
private enum Options {
    static let demoRate = Option(
        "--rate", "X", "times real time for the sample drive, 0 = as fast as possible", kind: .nonNegativeNumber, default: 20)
    static let rate = Option("--rate", "X", "times real time, 0 = as fast as possible", kind: .nonNegativeNumber, default: 1)
    static let baud = Option("--baud", "N", "the speed in baud, instead of detecting it", kind: .baudRate)
    static let wait = Flag("--wait", "on EACCES or EPERM, wait for access instead of exiting 3")
    static let json = Flag("--json", "print gpsd's JSON: one TPV and one SKY line per epoch (gpsd_json(5))")
    static let replay = Option("--replay", "FILE", "serve this capture, played in a loop, instead of a receiver", kind: .path)
    static let listen = Option(
        "--listen", "HOST:PORT", "the address to listen on", kind: .hostAndPort, default: HostAndPort.gpsdDefault)
    static let control = Option(
        "--control", "PATH", "gpsd's control socket here, for gpsdctl add/remove (GPSD_SOCKET=PATH)", kind: .path)
    /// udev-rules' `--control`: the path is written into the rules, which are text.
    static let udevControl = Option(
        "--control", "PATH", "gpsd's control socket here, for gpsdctl add/remove (GPSD_SOCKET=PATH)", kind: .string)
    static let pty = Flag("--pty", "play the capture on a new pseudo-terminal")
    static let link = Option("--link", "PATH", "a symbolic link to the pseudo-terminal, removed on exit", kind: .path)
    static let chrony = Option(
        "--chrony", "PATH",
        "send the receiver's time to chrony's SOCK refclock at PATH (default: /run/chrony.clk.DEVICE.sock whenever it exists)",
        kind: .string)
    static let shm = Option(
        "--shm", "UNIT", "write the receiver's time to the NTP shared-memory refclock UNIT (ntpd, chrony)",
        kind: .sharedMemoryUnit)
    static let clock = Flag("--clock", "send each epoch at the system clock's second, stamped with its UTC time and date")
    static let delay = Option(
        "--delay", "MS", "with --clock, milliseconds from the second's start to the epoch's first byte",
        kind: .millisecondsInSecond, default: 100)
    static let ublox = Flag("--ublox", "a u-blox receiver on a new pseudo-terminal, answering UBX commands and polls")
    static let generation = Option(
        "--generation", "m8|f9", "with --ublox, a NEO-M8N (legacy CFG messages) or a ZED-F9P (configuration keys)",
        kind: .simulatedUBlox, default: .m8)
    static let write = Option(
        "--write", "FILE", "write the sample drive capture to FILE (- for standard output)", kind: .path)
    static let distanceFilter = Option(
        "--distance-filter", "M", "print a fix only M metres or more from the last one printed", kind: .nonNegativeNumber)
    static let desiredAccuracy = Option(
        "--desired-accuracy", "M", "print only fixes whose estimated accuracy is M metres or better",
        kind: .positiveNumber)
    static let region = RepeatableOption(
        "--region", "NAME:LAT,LON,RADIUS",
        "print lines as the fixes enter and exit a circle of RADIUS metres around LAT,LON degrees", kind: .region)
    /// The options of `read` and `replay` that decide which fixes print and watch regions.
    static let filters: [any CommandOption] = [distanceFilter, desiredAccuracy, region]
}

/// What `gps --help` says beyond the command line itself.
private enum HelpSections {
    static let output = HelpSection("OUTPUT (one line per fix, standard output)", """
        UTC time, latitude and longitude (degrees), altitude (m above sea level),
        speed (m/s), satellites used, HDOP, estimated horizontal accuracy (m);
        "-" where the receiver gave none. With --region, "region NAME inside" or
        "outside" at the first fix, then "region NAME entered" and "exited", in
        order among the fixes. On a terminal, a live panel instead; with --json,
        gpsd's TPV and SKY (gpsd_json(5)).
        """)

    static let exitStatus = HelpSection("EXIT STATUS", """
        0  the replay finished, Ctrl-C, or --help
        1  the device or capture failed, or the capture holds no NMEA
           (message on standard error)
        2  the command line is wrong (message and hint on standard error)
        3  access to the device is denied (EACCES) or restricted (EPERM)
        """)
}

extension ValueKind where Value == SimulatedUBlox {
    /// `m8` or `f9`.
    static let simulatedUBlox = ValueKind(expectation: "m8 or f9", parse: { SimulatedUBlox(rawValue: $0.lowercased()) },
                                          describe: { $0.rawValue })
}

extension ValueKind where Value == Int {
    /// A speed a port accepts (`SerialPort.BaudRate.standard`), in bit/s: any other is refused
    /// here rather than by every attempt to open the device.
    static let baudRate = ValueKind(
        expectation: "a speed in bit/s: " + SerialPort.BaudRate.standard.dropLast().map(\.description).joined(separator: ", ")
            + " or \(SerialPort.BaudRate.standard.last!)"
    ) { text in
        Int(text).flatMap { SerialPort.BaudRate(rawValue: $0).isStandard ? $0 : nil }
    }
}
