/// A named option (`--rate`) as the parser and the help see it, whatever its value's type.
public protocol CommandOption: Sendable {
    /// The name as typed, with its dashes: `--rate`.
    var name: String { get }
    /// The placeholder for its value in help (`X`), or `nil` for a flag, which takes none.
    var valueName: String? { get }
    /// One line for help: what the option does.
    var abstract: String { get }
    /// What its value must be, in words ("a number of 0 or more"); `nil` for a flag.
    var expectation: String? { get }
    /// The default written in help, or `nil` when there is none.
    var defaultDescription: String? { get }
    /// The typed value `argument` stands for, or `nil` when it is not valid.
    func parseValue(_ argument: CommandLineArgument) -> (any Sendable)?
    /// Whether it may be given more than once, each value kept (`RepeatableOption`); default
    /// `false`, and a repeated option keeps its last value.
    var isRepeatable: Bool { get }
}

extension CommandOption {
    /// An option is given once, or keeps its last value: `false`.
    public var isRepeatable: Bool { false }
}

/// An option that takes a value: `--rate 5` or `--rate=5`.
///
/// `Value` is what the command reads back: the kind's type when the option has a default
/// (`Option<Double>`), or that type's optional when it has none (`Option<Int?>`).
public struct Option<Value: Sendable>: CommandOption {
    public let name: String
    /// The placeholder for its value in help (`X`).
    public let placeholder: String
    public let abstract: String
    public let expectation: String?
    public let defaultDescription: String?
    /// The value when the option is not given.
    public let defaultValue: Value
    private let parse: @Sendable (CommandLineArgument) -> Value?

    public var valueName: String? { placeholder }

    /// An option with a default, used when the option is not given and shown in help.
    public init(_ name: String, _ placeholder: String, _ abstract: String, kind: ValueKind<Value>, default defaultValue: Value) {
        self.name = name
        self.placeholder = placeholder
        self.abstract = abstract
        self.expectation = kind.expectation
        self.defaultDescription = kind.describe(defaultValue)
        self.defaultValue = defaultValue
        self.parse = kind.parseArgument
    }

    /// An option without a default: the command reads `nil` when it is not given.
    public init<Wrapped>(_ name: String, _ placeholder: String, _ abstract: String, kind: ValueKind<Wrapped>)
    where Value == Wrapped? {
        self.name = name
        self.placeholder = placeholder
        self.abstract = abstract
        self.expectation = kind.expectation
        self.defaultDescription = nil
        self.defaultValue = nil
        self.parse = { argument in kind.parseArgument(argument).map { $0 } }
    }

    public func parseValue(_ argument: CommandLineArgument) -> (any Sendable)? {
        parse(argument)
    }
}

/// An option that takes no value: `--wait`. The command reads `true` when it is given.
public struct Flag: CommandOption {
    public let name: String
    public let abstract: String

    /// A flag named `name` (with its dashes), described in help by `abstract`.
    public init(_ name: String, _ abstract: String) {
        self.name = name
        self.abstract = abstract
    }

    public var valueName: String? { nil }
    public var expectation: String? { nil }
    public var defaultDescription: String? { nil }
    public func parseValue(_ argument: CommandLineArgument) -> (any Sendable)? { nil }
}
