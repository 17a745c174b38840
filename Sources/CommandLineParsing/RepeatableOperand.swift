/// The last positional argument, given any number of times: `gps serve /dev/ttyACM0 /dev/ttyUSB0`.
/// The command reads an array, in the order given, empty when none was given; each text is
/// read and validated as `kind`.
public struct RepeatableOperand<Element: Sendable>: CommandOperand {
    public let name: String
    public let abstract: String
    public let expectation: String
    private let parse: @Sendable (CommandLineArgument) -> Element?

    /// Never required: none given is an empty array.
    public var isRequired: Bool { false }
    public var isRepeatable: Bool { true }

    /// An operand named `name` (help shows `[name]...`) whose every text is read as `kind`.
    public init(_ name: String, _ abstract: String, kind: ValueKind<Element>) {
        self.name = name
        self.abstract = abstract
        self.expectation = kind.expectation
        self.parse = kind.parseArgument
    }

    public func parseValue(_ argument: CommandLineArgument) -> (any Sendable)? {
        parse(argument)
    }
}

extension RepeatableOperand where Element == String {
    /// A text operand given any number of times.
    public init(_ name: String, _ abstract: String) {
        self.init(name, abstract, kind: .string)
    }
}
