/// A command line that parsed, read back through the declarations it was parsed with.
public struct ParsedArguments: Sendable {
    let operands: [String: any Sendable]
    let values: [String: any Sendable]
    /// The values of repeatable options and of a repeatable operand, in the order given.
    let repeated: [String: [any Sendable]]
    let flags: Set<String>

    /// The operand's value, `nil` for an optional operand not given.
    public subscript<Value>(operand: Operand<Value>) -> Value {
        if let value = operands[operand.name].flatMap({ $0 as? Value }) { return value }
        guard let absent = operand.valueWhenAbsent else {
            preconditionFailure("\(operand.name) is required, and the parser refuses a command line without it")
        }
        return absent
    }

    /// Each text of the repeatable operand, read as its kind, in the order given; empty when
    /// none was given.
    public subscript<Element>(operand: RepeatableOperand<Element>) -> [Element] {
        (repeated[operand.name] ?? []).compactMap { $0 as? Element }
    }

    /// The option's value, or its default when it was not given.
    public subscript<Value>(option: Option<Value>) -> Value {
        values[option.name].flatMap { $0 as? Value } ?? option.defaultValue
    }

    /// Each value of the repeatable option, in the order given; empty when it was not given.
    public subscript<Element>(option: RepeatableOption<Element>) -> [Element] {
        (repeated[option.name] ?? []).compactMap { $0 as? Element }
    }

    /// Whether the flag was given.
    public subscript(flag: Flag) -> Bool {
        flags.contains(flag.name)
    }

    /// Whether the option (or flag) appears on the command line, default or not.
    public func isGiven(_ option: any CommandOption) -> Bool {
        values[option.name] != nil || repeated[option.name] != nil || flags.contains(option.name)
    }
}
