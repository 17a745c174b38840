import CommandLineParsing

/// A small program declared for the tests: `tool [--speed X]`, `tool copy SOURCE [TARGET] [--times N]
/// [--verbose] [--label TEXT]`, `tool repeat COUNT` (a typed operand) and `tool group inner` (in a
/// command that only groups).
enum Action: Equatable {
    case idle(speed: Double)
    case copy(source: String, target: String?, times: Int?, verbose: Bool, label: String?)
    case repeating(count: Int)
    case inner
}

enum Tool {
    static let speed = Option("--speed", "X", "how fast", kind: .nonNegativeNumber, default: 2.5)
    static let times = Option("--times", "N", "how many copies", kind: .positiveInteger)
    static let verbose = Flag("--verbose", "say what is copied")
    static let label = Option("--label", "TEXT", "a name for the copy", kind: .string)
    static let source = Operand("SOURCE", "what to copy")
    static let target = Operand(optional: "TARGET", "where to copy it")

    static let copy = CommandDefinition<Action>(
        "copy", "copies SOURCE", discussion: "copies SOURCE to TARGET, or beside it",
        operands: [source, target], options: [times, verbose, label]
    ) { arguments throws(UsageProblem) in
        if arguments[label] == "forbidden" { throw .conflict("the label forbidden is taken") }
        return .copy(source: arguments[source], target: arguments[target], times: arguments[times],
                     verbose: arguments[verbose], label: arguments[label])
    }

    static let count = Operand("COUNT", "how many times", kind: .positiveInteger)
    static let repeating = CommandDefinition<Action>("repeat", "repeats", operands: [count]) { .repeating(count: $0[count]) }

    static let group = CommandDefinition<Action>(
        "group", "groups commands", subcommands: [CommandDefinition("inner", "does nothing") { _ in .inner }])

    static let definition = CommandDefinition<Action>(
        "tool", "does things.", options: [speed], subcommands: [copy, repeating, group],
        helpSections: [HelpSection("EXIT STATUS", "0  done\n2  the command line is wrong")]
    ) { .idle(speed: $0[speed]) }

    static func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome<Action> {
        try definition.parse(arguments)
    }

    /// The error `arguments` give, or `nil` when they parse.
    static func error(_ arguments: [String]) -> UsageError? {
        do throws(UsageError) {
            _ = try parse(arguments)
            return nil
        } catch {
            return error
        }
    }
}
