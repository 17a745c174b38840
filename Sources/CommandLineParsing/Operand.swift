/// A positional argument, such as `FILE`, as the parser and the help see it.
public protocol CommandOperand: Sendable {
    /// The placeholder in help, in capitals: `FILE`.
    var name: String { get }
    /// One line for help: what the operand names.
    var abstract: String { get }
    /// Whether the command line must give it.
    var isRequired: Bool { get }
}

/// A positional argument: `Operand<String>` must be given, `Operand<String?>` may be left out.
///
/// Operands are matched in the order a command declares them; optional ones come last.
public struct Operand<Value: Sendable>: CommandOperand {
    public let name: String
    public let abstract: String
    public let isRequired: Bool
    let value: @Sendable (String?) -> Value

    /// An operand the command line must give.
    public init(_ name: String, _ abstract: String) where Value == String {
        self.name = name
        self.abstract = abstract
        self.isRequired = true
        // The parser refuses a command line that leaves a required operand out.
        self.value = { $0 ?? "" }
    }

    /// An operand the command line may leave out; the command reads `nil` then.
    public init(optional name: String, _ abstract: String) where Value == String? {
        self.name = name
        self.abstract = abstract
        self.isRequired = false
        self.value = { $0 }
    }
}
