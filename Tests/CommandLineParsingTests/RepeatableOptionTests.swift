import CommandLineParsing
import Testing

/// A program with a repeatable option: `tagger [--tag NAME] ... [--level N]`.
private enum Tagger {
    static let tag = RepeatableOption("--tag", "NAME", "a tag to add", kind: .string)
    static let level = Option("--level", "N", "how loud", kind: .positiveInteger)
    static let definition = CommandDefinition<Tagged>("tagger", "tags things", options: [tag, level]) { arguments in
        Tagged(tags: arguments[tag], level: arguments[level], tagGiven: arguments.isGiven(tag))
    }

    struct Tagged: Equatable {
        var tags: [String]
        var level: Int?
        var tagGiven: Bool
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Tagged? {
        guard case .run(let tagged) = try definition.parse(arguments) else { return nil }
        return tagged
    }
}

@Suite("Repeatable options")
struct RepeatableOptionTests {
    @Test("each value is kept, in the order given, in either form; not given, none")
    func keepsEveryValue() throws {
        #expect(try Tagger.parse(["--tag", "a", "--level", "2", "--tag=b", "--tag", "a"])
            == Tagger.Tagged(tags: ["a", "b", "a"], level: 2, tagGiven: true))
        #expect(try Tagger.parse([]) == Tagger.Tagged(tags: [], level: nil, tagGiven: false))
    }

    @Test("a value that is not of the option's kind is refused, naming it")
    func badValue() {
        #expect(throws: UsageError(.invalidValue(argument: "--tag", value: "", expected: "a value"), in: ["tagger"])) {
            try Tagger.parse(["--tag", "a", "--tag="])
        }
        #expect(throws: UsageError(.missingValue(option: "--tag", expected: "a value"), in: ["tagger"])) {
            try Tagger.parse(["--tag", "a", "--tag"])
        }
    }

    @Test("help shows a repeatable option as [--tag NAME]... and says it may be repeated")
    func help() {
        let help = Tagger.definition.helpText()
        #expect(help.contains("  tagger [--tag NAME]... [--level N]\n"))
        #expect(help.contains("\n  --tag NAME              a tag to add (may be repeated)\n"))
        #expect(help.contains("\n  --level N               how loud\n"))
    }

    @Test("a usage wider than 80 columns wraps between options, aligned after the command's name")
    func usageWraps() {
        let options: [any CommandOption] = (1...9).map { Option("--option-\($0)", "VALUE", "option \($0)", kind: .string) }
        let wide = CommandDefinition<Int>("wide", "has many options", options: options) { _ in 0 }
        let program = CommandDefinition<Int>("tool", "does things", subcommands: [wide])
        let usage = program.helpText(for: ["wide"]).split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0 != "USAGE" }.dropFirst().prefix { !$0.isEmpty }.map(String.init)
        #expect(usage == [
            "  tool wide [--option-1 VALUE] [--option-2 VALUE] [--option-3 VALUE]",
            "            [--option-4 VALUE] [--option-5 VALUE] [--option-6 VALUE]",
            "            [--option-7 VALUE] [--option-8 VALUE] [--option-9 VALUE]",
            "                          has many options",
            "  tool wide --help        this text",
        ])
        let programUsage = program.helpText().split(separator: "\n").map(String.init)
        #expect(programUsage.contains("            [--option-7 VALUE] [--option-8 VALUE] [--option-9 VALUE]"),
                "the program's list of commands wraps them too")
        #expect(programUsage.allSatisfy { $0.count <= 80 })
    }
}
