/// A positional argument, such as `FILE`, as the parser and the help see it.
public protocol CommandOperand: Sendable {
    /// The placeholder in help, in capitals: `FILE`.
    var name: String { get }
    /// One line for help: what the operand names.
    var abstract: String { get }
    /// Whether the command line must give it.
    var isRequired: Bool { get }
    /// What it must be, in words, for error messages: "a value".
    var expectation: String { get }
    /// The typed value `argument` stands for, or `nil` when it is not valid.
    func parseValue(_ argument: CommandLineArgument) -> (any Sendable)?
    /// Whether it takes every operand left, as a `RepeatableOperand` does (only the last may).
    var isRepeatable: Bool { get }
}

extension CommandOperand {
    /// One text.
    public var isRepeatable: Bool { false }
}

/// A positional argument: `Operand<String>` must be given, `Operand<String?>` may be left out.
///
/// Operands are matched in the order a command declares them; optional ones come last. They
/// are text unless declared with a `ValueKind`, which reads and validates them as options' values are.
public struct Operand<Value: Sendable>: CommandOperand {
    public let name: String
    public let abstract: String
    public let isRequired: Bool
    public let expectation: String
    /// What the command reads when the operand is left out; `nil` when it must be given.
    let valueWhenAbsent: Value?
    private let parse: @Sendable (CommandLineArgument) -> Value?

    /// An operand the command line must give, read as `kind`.
    public init(_ name: String, _ abstract: String, kind: ValueKind<Value>) {
        self.name = name
        self.abstract = abstract
        self.isRequired = true
        self.expectation = kind.expectation
        self.valueWhenAbsent = nil
        self.parse = kind.parseArgument
    }

    /// An operand the command line may leave out, read as `kind`; the command reads `nil` then.
    public init<Wrapped>(optional name: String, _ abstract: String, kind: ValueKind<Wrapped>) where Value == Wrapped? {
        self.name = name
        self.abstract = abstract
        self.isRequired = false
        self.expectation = kind.expectation
        self.valueWhenAbsent = .some(nil)
        self.parse = { argument in kind.parseArgument(argument).map { $0 } }
    }

    /// A text operand the command line must give.
    public init(_ name: String, _ abstract: String) where Value == String {
        self.init(name, abstract, kind: .string)
    }

    /// A text operand the command line may leave out.
    public init(optional name: String, _ abstract: String) where Value == String? {
        self.init(optional: name, abstract, kind: .string)
    }

    public func parseValue(_ argument: CommandLineArgument) -> (any Sendable)? {
        parse(argument)
    }
}
