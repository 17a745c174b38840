/// A command, declared once: its operands, options, subcommands and help, and how a command
/// line that parses becomes a `Result` the program switches on.
///
/// The parser and the help both read these declarations, so the help cannot drift from what
/// the parser accepts.
///
/// ```swift
/// let rate = Option("--rate", "X", "times real time", kind: .nonNegativeNumber, default: 1)
/// let file = Operand("FILE", "a capture")
/// let replay = CommandDefinition<Action>("replay", "replays a capture", operands: [file], options: [rate]) {
///     .replay(file: $0[file], rate: $0[rate])
/// }
/// ```
public struct CommandDefinition<Result>: Sendable {
    /// How a parsed command line becomes the result; throws `UsageProblem.conflict` for
    /// arguments that are each valid but not together.
    public typealias Make = @Sendable (ParsedArguments) throws(UsageProblem) -> Result

    /// The word that selects it (`replay`), or the program's name for the root.
    public let name: String
    /// One line for the parent's list of commands and the top of its own help.
    public let abstract: String
    /// Longer text for its own help; `nil` to show the abstract there too.
    public let discussion: String?
    /// Its positional arguments, in order; optional ones come last.
    public let operands: [any CommandOperand]
    /// Its named options; `-h` and `--help` are always understood and need no declaring.
    public let options: [any CommandOption]
    /// Commands selected by the first argument: `gps replay ...`.
    public let subcommands: [CommandDefinition]
    /// Sections appended to its help, such as OUTPUT and EXIT STATUS.
    public let helpSections: [HelpSection]
    let make: Make?

    /// A command; `make` is `nil` for one that only groups subcommands.
    public init(
        _ name: String, _ abstract: String, discussion: String? = nil,
        operands: [any CommandOperand] = [], options: [any CommandOption] = [],
        subcommands: [CommandDefinition] = [], helpSections: [HelpSection] = [],
        make: Make? = nil
    ) {
        precondition(!operands.drop(while: \.isRequired).contains(where: \.isRequired),
                     "\(name): optional operands must come after required ones")
        precondition(!operands.dropLast().contains(where: \.isRepeatable), "\(name): only the last operand may repeat")
        precondition(Set(options.map(\.name)).count == options.count, "\(name): an option is declared twice")
        precondition(options.allSatisfy { $0.name.hasPrefix("--") && !$0.name.contains("=") && $0.name != "--help" },
                     "\(name): options are named --word, and --help is the parser's")
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.operands = operands
        self.options = options
        self.subcommands = subcommands
        self.helpSections = helpSections
        self.make = make
    }
}

/// A titled block of help text, such as EXIT STATUS.
public struct HelpSection: Sendable, Equatable {
    /// The title, in capitals.
    public let title: String
    /// The text, already laid out; each line is indented by two spaces in help.
    public let body: String

    /// A section titled `title` showing `body`.
    public init(_ title: String, _ body: String) {
        self.title = title
        self.body = body
    }
}
