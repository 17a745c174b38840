/// What is wrong with a command line, in the terms a user typed.
public enum UsageProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// A word where a subcommand belongs that names none: `gps frobnicate`.
    case unknownSubcommand(String)
    /// A command with subcommands only, given none.
    case missingSubcommand
    /// An option the command does not declare, as typed: `--bogus`.
    case unknownOption(String)
    /// An option that takes a value given none (`--baud` last, or followed by `--wait`).
    case missingValue(option: String, expected: String)
    /// An option's value, or an operand, that is not of its kind: `--baud abc`. `argument` is
    /// the option's name or the operand's (`FILE`).
    case invalidValue(argument: String, value: String, expected: String)
    /// A flag given a value: `--wait=yes`.
    case valueForFlag(String)
    /// An operand beyond those the command declares.
    case unexpectedOperand(String)
    /// A required operand left out, by its name: `FILE`.
    case missingOperand(String)
    /// Arguments that parse one by one but not together; the text says why.
    case conflict(String)

    public var description: String {
        switch self {
        case .unknownSubcommand(let word): "unknown command \(word)"
        case .missingSubcommand: "a command is needed"
        case .unknownOption(let option): "unknown option \(option)"
        case .missingValue(let option, let expected): "\(option) needs a value: \(expected)"
        case .invalidValue(let argument, let value, let expected): "\(argument) needs \(expected), not \"\(value)\""
        case .valueForFlag(let option): "\(option) takes no value"
        case .unexpectedOperand(let operand): "unexpected argument \(operand)"
        case .missingOperand(let name): "needs a \(name)"
        case .conflict(let reason): reason
        }
    }
}

/// A command line that does not parse: the problem, and the command it was found in.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let problem: UsageProblem
    /// The command the problem was found in, from the program's name: `["gps", "replay"]`.
    public let commandPath: [String]

    /// A problem found in the command at `commandPath`.
    public init(_ problem: UsageProblem, in commandPath: [String]) {
        self.problem = problem
        self.commandPath = commandPath
    }

    /// The message, prefixed by the command: "gps replay needs a FILE", "gps read: unknown option --bogus".
    public var description: String {
        let command = commandPath.joined(separator: " ")
        if case .missingOperand = problem { return "\(command) \(problem)" }
        return "\(command): \(problem)"
    }

    /// Where to look for the right usage: "Try `gps replay --help`."
    public var hint: String {
        "Try `\(commandPath.joined(separator: " ")) --help`."
    }
}
