import CommandLineParsing

/// What a `gps` command line asks for; `gps` switches on it.
public enum Command: Equatable, Sendable {
    /// No arguments: the first receiver found, else the bundled capture at `rate`.
    case demo(rate: Double)
    /// `gps read [DEVICE] [--baud N] [--wait]`: a device, or the one discovery finds.
    case read(device: String?, baudRate: Int?, waitForAccess: Bool)
    /// `gps replay FILE [--rate X]`: a capture, once.
    case replay(file: String, rate: Double)
    /// `gps devices`: the discovery table.
    case devices
    /// `gps simulate --pty [FILE] [--link PATH] [--rate X]`: a virtual receiver in a loop.
    case simulate(file: String?, link: String?, rate: Double)
    /// `gps simulate --write FILE`: writes the sample drive capture (`-` for standard output).
    case writeDrive(file: String)
    /// `gps udev-rules`: prints the rules for the known receivers.
    case udevRules
    /// `-h` or `--help`: the help of the command at `commandPath` (`[]` for `gps`, `["replay"]`).
    case help(commandPath: [String])
}

extension Command {
    /// Parses the arguments after the program's name.
    ///
    /// - Throws: `UsageError` naming the bad argument; its `hint` names the help to read.
    public init(arguments: [String]) throws(UsageError) {
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
