import CommandLineParsing

extension Command {
    /// The `gps` command line, declared once: `init(arguments:)` parses with it, `helpText(for:)` prints it.
    public static let definition = CommandDefinition<Command>(
        "gps", "read a USB GPS receiver (or a capture) and print one line per fix.",
        discussion: "the first receiver found; with none attached, replays the bundled sample drive",
        options: [Options.demoRate],
        subcommands: [Subcommands.read, Subcommands.replay, Subcommands.devices, Subcommands.simulate, Subcommands.udevRules],
        helpSections: [HelpSections.output, HelpSections.exitStatus]
    ) { .demo(rate: $0[Options.demoRate]) }
}

/// The subcommands, each with the case of `Command` it parses into.
private enum Subcommands {
    static let read = CommandDefinition<Command>(
        "read", "reads a device such as /dev/ttyACM0 (default: discovery) until Ctrl-C",
        discussion: "reads a device such as /dev/ttyACM0 (default: the receiver discovery finds, waiting for one); "
            + "the speed is detected unless --baud is given. When access is denied, prints the remedy and exits 3, "
            + "or with --wait keeps waiting until access is granted",
        operands: [Operands.device], options: [Options.baud, Options.wait]
    ) { .read(device: $0[Operands.device], baudRate: $0[Options.baud], waitForAccess: $0[Options.wait]) }

    static let replay = CommandDefinition<Command>(
        "replay", "replays a capture at X times real time, then exits 0",
        operands: [Operands.capture], options: [Options.rate]
    ) { .replay(file: $0[Operands.capture], rate: $0[Options.rate]) }

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
        options: [Options.pty, Options.link, Options.rate, Options.write]
    ) { arguments throws(UsageProblem) in
        if let output = arguments[Options.write] {
            let others: [any CommandOption] = [Options.pty, Options.link, Options.rate]
            if let other = others.first(where: arguments.isGiven) {
                throw .conflict("--write cannot be combined with \(other.name)")
            }
            if let capture = arguments[Operands.simulatedCapture] { throw .unexpectedOperand(capture) }
            return .writeDrive(file: output)
        }
        guard arguments[Options.pty] else { throw .conflict("needs --pty or --write FILE") }
        return .simulate(file: arguments[Operands.simulatedCapture], link: arguments[Options.link], rate: arguments[Options.rate])
    }

    static let udevRules = CommandDefinition<Command>(
        "udev-rules", "prints udev rules for the known GPS receivers"
    ) { _ in .udevRules }
}

/// The operands, shared by the subcommands that take them.
private enum Operands {
    static let device = Operand(optional: "DEVICE", "a serial device or a link to one, such as /dev/ttyACM0")
    static let capture = Operand("FILE", "a capture: NMEA sentences as a receiver sends them")
    static let simulatedCapture = Operand(optional: "FILE", "the capture to play (default: the sample drive)")
}

/// The options, shared by the subcommands that take them.
private enum Options {
    static let demoRate = Option(
        "--rate", "X", "times real time for the sample drive, 0 = as fast as possible", kind: .nonNegativeNumber, default: 20)
    static let rate = Option("--rate", "X", "times real time, 0 = as fast as possible", kind: .nonNegativeNumber, default: 1)
    static let baud = Option("--baud", "N", "the speed in baud, instead of detecting it", kind: .positiveInteger)
    static let wait = Flag("--wait", "on EACCES or EPERM, wait for access instead of exiting 3")
    static let pty = Flag("--pty", "play the capture on a new pseudo-terminal")
    static let link = Option("--link", "PATH", "a symbolic link to the pseudo-terminal, removed on exit", kind: .string)
    static let write = Option(
        "--write", "FILE", "write the sample drive capture to FILE (- for standard output)", kind: .string)
}

/// What `gps --help` says beyond the command line itself.
private enum HelpSections {
    static let output = HelpSection("OUTPUT (one line per fix, standard output)", """
        UTC time, latitude and longitude (degrees), altitude (m above sea level), speed (m/s),
        satellites used, HDOP, estimated horizontal accuracy (m); "-" where the receiver gave none
        """)

    static let exitStatus = HelpSection("EXIT STATUS", """
        0  the replay finished, Ctrl-C, or --help
        1  the device or capture failed (message on standard error)
        2  the command line is wrong (message and hint on standard error)
        3  access to the device is denied (EACCES) or restricted (EPERM)
        """)
}
