import POSIXSupport

/// How an option's text becomes a typed value, and what a user is told when it cannot.
///
/// A kind reads text, and refuses an argument whose bytes are not UTF-8 (it names nothing the
/// text would), or reads the argument's bytes, as `.path` does.
public struct ValueKind<Value: Sendable>: Sendable {
    /// What the option expects, in words, for error messages and help: "a positive integer".
    public let expectation: String
    /// The value `text` stands for, or `nil` when it is not a valid one.
    public let parse: @Sendable (_ text: String) -> Value?
    /// The value the argument stands for, or `nil` when it is not a valid one.
    public let parseArgument: @Sendable (CommandLineArgument) -> Value?
    /// How a value (a default) is written in help.
    public let describe: @Sendable (Value) -> String

    /// A kind of value read from text by `parse`, described as `expectation`; an argument
    /// that is not UTF-8 is not valid.
    public init(
        expectation: String, parse: @escaping @Sendable (String) -> Value?,
        describe: @escaping @Sendable (Value) -> String = { "\($0)" }
    ) {
        self.expectation = expectation
        self.parse = parse
        self.parseArgument = { $0.text.flatMap(parse) }
        self.describe = describe
    }

    /// A kind of value read from the argument's bytes by `parseBytes`, UTF-8 or not.
    public init(
        expectation: String, parseBytes: @escaping @Sendable ([UInt8]) -> Value?,
        describe: @escaping @Sendable (Value) -> String = { "\($0)" }
    ) {
        self.expectation = expectation
        self.parse = { parseBytes(Array($0.utf8)) }
        self.parseArgument = { parseBytes($0.bytes) }
        self.describe = describe
    }
}

extension ValueKind where Value == Int {
    /// A decimal integer of 1 or more, such as a baud rate.
    public static let positiveInteger = ValueKind(expectation: "a positive integer") { text in
        Int(text).flatMap { $0 > 0 ? $0 : nil }
    }
}

extension ValueKind where Value == Double {
    /// A finite decimal number of 0 or more, such as a rate; `inf` and `nan` are refused.
    public static let nonNegativeNumber = ValueKind(
        expectation: "a number of 0 or more",
        parse: { text in Double(text).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil } },
        describe: { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int($0)) : String($0) })
}

extension ValueKind where Value == String {
    /// Any text that is not empty, such as a client id (a path is `.path`, bytes).
    public static let string = ValueKind(expectation: "a value") { $0.isEmpty ? nil : $0 }
}

extension ValueKind where Value == FilePath {
    /// A path that is not empty, kept as the argument's bytes, so a name that is not UTF-8
    /// opens the file it names.
    public static let path = ValueKind(expectation: "a path") { $0.isEmpty ? nil : FilePath(bytes: $0) }
}
