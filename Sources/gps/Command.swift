/// What the command line asks for.
enum Command: Equatable {
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
    /// `gps --help`.
    case help
}

/// A command line that does not parse; the message says what is wrong.
struct UsageError: Error, Equatable {
    let message: String
}

extension Command {
    /// Parses the arguments after the program name.
    init(arguments: [String]) throws(UsageError) {
        var options = Options(arguments)
        if options.flag("--help") || options.flag("-h") {
            self = .help
            return
        }
        let subcommand = options.operands.isEmpty ? nil : options.operands.removeFirst()
        switch subcommand {
        case nil:
            self = .demo(rate: try options.rate(default: 20))
        case "read":
            let baud = try options.value("--baud").map { text throws(UsageError) in
                guard let baud = Int(text), baud > 0 else { throw UsageError(message: "--baud needs a positive number, not \(text)") }
                return baud
            }
            self = .read(device: options.operands.popFirst(), baudRate: baud, waitForAccess: options.flag("--wait"))
        case "replay":
            guard let file = options.operands.popFirst() else { throw UsageError(message: "replay needs a FILE") }
            self = .replay(file: file, rate: try options.rate(default: 1))
        case "devices":
            self = .devices
        case "simulate":
            if let file = try options.value("--write") {
                self = .writeDrive(file: file)
            } else {
                guard options.flag("--pty") else { throw UsageError(message: "simulate needs --pty or --write FILE") }
                let link = try options.value("--link")
                self = .simulate(file: options.operands.popFirst(), link: link, rate: try options.rate(default: 1))
            }
        case "udev-rules":
            self = .udevRules
        case let other?:
            throw UsageError(message: "unknown command \(other)")
        }
        try options.requireAllUsed()
    }
}

/// The arguments, consumed as the parser asks for them.
private struct Options {
    var operands: [String] = []
    private var named: [String] = []

    /// Splits options (with the value that follows those that take one) from operands.
    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if ["--baud", "--rate", "--link", "--write"].contains(argument), let value = rest.popFirst() {
                named += [argument, value]
            } else if argument.hasPrefix("-") && argument != "-" {
                named.append(argument)
            } else {
                operands.append(argument)
            }
        }
    }

    mutating func flag(_ name: String) -> Bool {
        guard let index = named.firstIndex(of: name) else { return false }
        named.remove(at: index)
        return true
    }

    mutating func value(_ name: String) throws(UsageError) -> String? {
        guard let index = named.firstIndex(of: name) else { return nil }
        guard index + 1 < named.count else { throw UsageError(message: "\(name) needs a value") }
        defer { named.removeSubrange(index...(index + 1)) }
        return named[index + 1]
    }

    mutating func rate(default defaultRate: Double) throws(UsageError) -> Double {
        guard let text = try value("--rate") else { return defaultRate }
        guard let rate = Double(text), rate >= 0, rate.isFinite else {
            throw UsageError(message: "--rate needs a number of 0 (as fast as possible) or more, not \(text)")
        }
        return rate
    }

    func requireAllUsed() throws(UsageError) {
        if let extra = named.first ?? operands.first { throw UsageError(message: "unexpected argument \(extra)") }
    }
}

extension Array {
    fileprivate mutating func popFirst() -> Element? {
        isEmpty ? nil : removeFirst()
    }
}
