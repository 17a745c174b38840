/// An option that may be given any number of times, each value kept in order:
/// `--region home:48.1,11.5,100 --region work:48.2,11.6,50`. The command reads an array, empty
/// when the option is not given.
public struct RepeatableOption<Element: Sendable>: CommandOption {
    public let name: String
    /// The placeholder for each value in help (`NAME:LAT,LON,RADIUS`).
    public let placeholder: String
    public let abstract: String
    public let expectation: String?
    private let parse: @Sendable (CommandLineArgument) -> Element?

    public var valueName: String? { placeholder }
    public var defaultDescription: String? { nil }
    public var isRepeatable: Bool { true }

    /// An option named `name` (with its dashes) whose every value is read as `kind`; help shows
    /// it as `[name placeholder]...`.
    public init(_ name: String, _ placeholder: String, _ abstract: String, kind: ValueKind<Element>) {
        self.name = name
        self.placeholder = placeholder
        self.abstract = abstract
        self.expectation = kind.expectation
        self.parse = kind.parseArgument
    }

    public func parseValue(_ argument: CommandLineArgument) -> (any Sendable)? {
        parse(argument)
    }
}
