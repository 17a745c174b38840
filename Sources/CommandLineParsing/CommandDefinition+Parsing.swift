/// What a command line asks for: a result to act on, or the help of one command.
public enum ParseOutcome<Result> {
    /// The command line parsed into `Result`.
    case run(Result)
    /// `-h` or `--help` was given to the command at `commandPath` (subcommand names after the
    /// program's: `[]` for the program, `["replay"]` for `gps replay --help`).
    case help(commandPath: [String])
}

extension ParseOutcome: Equatable where Result: Equatable {}

extension CommandDefinition {
    /// Parses the arguments after the program's name.
    ///
    /// The first arguments select subcommands. Then each argument is an option (`--name value`,
    /// `--name=value`, or a flag `--name`), `--` (every later argument is an operand), or an
    /// operand (`-` alone is one). An option's value is the next argument unless that looks like
    /// an option itself (`--baud --wait` lacks a value; `--rate -1` is a bad value). A repeated
    /// option keeps its last value, unless it is a `RepeatableOption`, which keeps each in order.
    /// `-h` or `--help` before any `--` asks for help and wins over any other problem.
    ///
    /// - Throws: `UsageError` naming the first bad argument and the command it was given to.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome<Result> {
        try parse(arguments.map(CommandLineArgument.init))
    }

    /// Parses the arguments after the program's name as `argv` holds them
    /// (`CommandLineArgument.processArguments`), as `parse(_:)` parses text: a value of a kind
    /// that reads bytes (`.path`) keeps bytes that are not UTF-8; any other kind refuses them.
    ///
    /// - Throws: `UsageError` naming the first bad argument and the command it was given to.
    public func parse(_ arguments: [CommandLineArgument]) throws(UsageError) -> ParseOutcome<Result> {
        var command = self
        var path: [String] = []
        var rest = arguments[...]
        while let word = rest.first?.text, !command.subcommands.isEmpty, !word.hasPrefix("-") {
            guard let subcommand = command.subcommands.first(where: { $0.name == word }) else {
                if command.operands.isEmpty { throw UsageError(.unknownSubcommand(word), in: [name] + path) }
                break
            }
            command = subcommand
            path.append(word)
            rest = rest.dropFirst()
        }
        if rest.prefix(while: { $0.text != "--" }).contains(where: { $0.text == "-h" || $0.text == "--help" }) {
            return .help(commandPath: path)
        }
        do throws(UsageProblem) {
            guard let make = command.make else { throw .missingSubcommand }
            return .run(try make(command.arguments(in: rest)))
        } catch {
            throw UsageError(error, in: [name] + path)
        }
    }

    /// Reads options and operands against this command's declarations alone.
    private func arguments(in arguments: ArraySlice<CommandLineArgument>) throws(UsageProblem) -> ParsedArguments {
        var rest = arguments
        var operandTexts: [CommandLineArgument] = []
        var values: [String: any Sendable] = [:]
        var repeated: [String: [any Sendable]] = [:]
        var flags: Set<String> = []
        while let argument = rest.popFirst() {
            if argument.text == "--" {
                operandTexts += rest
                break
            }
            guard Self.looksLikeOption(argument) else {
                operandTexts.append(argument)
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard let option = options.first(where: { $0.name == name }) else { throw .unknownOption(name) }
            guard let expected = option.expectation else {
                if inlineValue != nil { throw .valueForFlag(name) }
                flags.insert(name)
                continue
            }
            let text: CommandLineArgument
            if let inlineValue {
                text = inlineValue
            } else if let next = rest.first, !Self.looksLikeOption(next) {
                text = next
                rest = rest.dropFirst()
            } else {
                throw .missingValue(option: name, expected: expected)
            }
            guard let value = option.parseValue(text) else {
                throw .invalidValue(argument: name, value: text.description, expected: text.text == nil ? "UTF-8 text" : expected)
            }
            if option.isRepeatable {
                repeated[name, default: []].append(value)
            } else {
                values[name] = value
            }
        }
        let takesTheRest = operands.last?.isRepeatable == true
        if !takesTheRest, operandTexts.count > operands.count { throw .unexpectedOperand(operandTexts[operands.count].description) }
        if let missing = operands.dropFirst(operandTexts.count).first(where: \.isRequired) {
            throw .missingOperand(missing.name)
        }
        var operandValues: [String: any Sendable] = [:]
        var repeatedOperands: [any Sendable] = []
        for (index, text) in operandTexts.enumerated() {
            let operand = operands[min(index, operands.count - 1)]
            guard let value = operand.parseValue(text) else {
                throw .invalidValue(
                    argument: operand.name, value: text.description, expected: text.text == nil ? "UTF-8 text" : operand.expectation)
            }
            if operand.isRepeatable { repeatedOperands.append(value) } else { operandValues[operand.name] = value }
        }
        if takesTheRest, let last = operands.last { repeated[last.name] = repeatedOperands }
        return ParsedArguments(operands: operandValues, values: values, repeated: repeated, flags: flags)
    }

    /// `--x` and `-x` are options; `-` (standard input or output) and negative numbers are not.
    private static func looksLikeOption(_ argument: CommandLineArgument) -> Bool {
        guard argument.bytes.first == UInt8(ascii: "-"), argument.bytes.count > 1 else { return false }
        return argument.text.flatMap(Double.init) == nil
    }

    /// `--rate=5` into `--rate` and `5`; `--rate` into `--rate` and `nil`. The value keeps its
    /// bytes: `--output=out\xff.nmea`.
    private static func split(_ argument: CommandLineArgument) -> (name: String, value: CommandLineArgument?) {
        guard let equals = argument.bytes.firstIndex(of: UInt8(ascii: "=")) else { return (argument.description, nil) }
        return (CommandLineArgument(bytes: argument.bytes[..<equals]).description,
                CommandLineArgument(bytes: argument.bytes[(equals + 1)...]))
    }
}
