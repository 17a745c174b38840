extension CommandDefinition {
    /// The help of the command at `commandPath` (subcommand names after the program's, as
    /// `ParseOutcome.help` gives them): its usage, its subcommands' usage, operands, options and
    /// sections, laid out for a terminal 80 columns wide.
    public func helpText(for commandPath: [String] = []) -> String {
        var command = self
        for name in commandPath {
            guard let subcommand = command.subcommands.first(where: { $0.name == name }) else {
                preconditionFailure("\(commandPath) names no command of \(self.name)")
            }
            command = subcommand
        }
        return command.help(fullName: ([name] + commandPath).joined(separator: " "))
    }

    private func help(fullName: String) -> String {
        var usage = HelpColumns()
        if make != nil { usage.add(usage: usageWords, of: fullName, discussion ?? abstract) }
        for subcommand in subcommands {
            usage.add(usage: subcommand.usageWords, of: "\(fullName) \(subcommand.name)", subcommand.abstract)
        }
        if !subcommands.isEmpty { usage.add("\(fullName) COMMAND --help", "a command's operands and options") }
        usage.add("\(fullName) --help", "this text")

        let title = HelpColumns.wrap("\(fullName): \(abstract)", width: HelpColumns.width).joined(separator: "\n  ")
        var text = "\(title)\n\nUSAGE\n\(usage.text)"
        if !operands.isEmpty {
            var list = HelpColumns()
            for operand in operands { list.add(operand.name, operand.abstract) }
            text += "\nOPERANDS\n\(list.text)"
        }
        if !options.isEmpty {
            var list = HelpColumns()
            for option in options { list.add(Self.synopsis(of: option), Self.explanation(of: option)) }
            text += "\nOPTIONS\n\(list.text)"
        }
        for section in helpSections {
            text += "\n\(section.title)\n" + section.body.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "  \($0)" }.joined(separator: "\n") + "\n"
        }
        return text
    }

    /// What follows the command's name in its usage, `[DEVICE] [--baud N] [--wait]`: operands,
    /// then options, optional ones bracketed, a repeatable one followed by `...`.
    private var usageWords: [String] {
        operands.map { $0.isRepeatable ? "[\($0.name)]..." : $0.isRequired ? $0.name : "[\($0.name)]" }
            + options.map { "[\(Self.synopsis(of: $0))]" + ($0.isRepeatable ? "..." : "") }
    }

    private static func synopsis(of option: any CommandOption) -> String {
        option.valueName.map { "\(option.name) \($0)" } ?? option.name
    }

    /// The abstract, then the default or that it may be repeated: "times real time (default 1)".
    private static func explanation(of option: any CommandOption) -> String {
        if let defaultDescription = option.defaultDescription { return "\(option.abstract) (default \(defaultDescription))" }
        return option.isRepeatable ? "\(option.abstract) (may be repeated)" : option.abstract
    }
}

/// Two columns, `width` wide: terms at the left, their explanations wrapped at the right. A term too wide for
/// the left column has its explanation start on the next line.
struct HelpColumns {
    static let width = 80
    private static let indent = 2, explanationColumn = 26
    private(set) var text = ""

    /// A command's usage (`name` and the `words` after it) and what it does. A usage too wide
    /// for a line wraps between words, the lines after the first aligned after the name.
    mutating func add(usage words: [String], of name: String, _ explanation: String) {
        let hanging = String(repeating: " ", count: Self.indent + name.count + 1)
        var lines = [name]
        var isLineStarted = false  // a word follows the name on the first line, so no line is bare
        for word in words {
            let lead = lines.count == 1 ? Self.indent : hanging.count
            if isLineStarted, lead + lines[lines.count - 1].count + 1 + word.count > Self.width {
                lines.append(word)
            } else {
                lines[lines.count - 1] += " " + word
            }
            isLineStarted = true
        }
        guard lines.count > 1 else { return add(lines[0], explanation) }
        text += String(repeating: " ", count: Self.indent) + lines[0] + "\n"
        text += lines.dropFirst(1).dropLast().map { hanging + $0 + "\n" }.joined()
        add(String(hanging.dropFirst(Self.indent)) + lines[lines.count - 1], explanation)
    }

    mutating func add(_ term: String, _ explanation: String) {
        let lines = Self.wrap(explanation, width: Self.width - Self.explanationColumn)
        let pad = String(repeating: " ", count: Self.explanationColumn)
        let lead = String(repeating: " ", count: Self.indent) + term
        if lead.count + 2 <= Self.explanationColumn {
            text += lead.padding(to: Self.explanationColumn) + (lines.first ?? "") + "\n"
            text += lines.dropFirst().map { pad + $0 + "\n" }.joined()
        } else {
            text += lead + "\n" + lines.map { pad + $0 + "\n" }.joined()
        }
    }

    /// Greedy word wrap; a word longer than `width` gets a line of its own.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " \(word)"
        }
        return line.isEmpty ? lines : lines + [line]
    }
}

extension String {
    fileprivate func padding(to length: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, length - count))
    }
}
