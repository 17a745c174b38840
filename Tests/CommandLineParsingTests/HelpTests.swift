import CommandLineParsing
import Testing

@Suite("Help generated from the declarations")
struct HelpTests {
    @Test("the program's help lists its own usage and each subcommand's, then its options and sections")
    func programHelp() {
        #expect(Tool.definition.helpText() == """
            tool: does things.

            USAGE
              tool [--speed X]        does things.
              tool copy SOURCE [TARGET] [--times N] [--verbose] [--label TEXT]
                                      copies SOURCE
              tool repeat COUNT       repeats
              tool group              groups commands
              tool COMMAND --help     a command's operands and options
              tool --help             this text

            OPTIONS
              --speed X               how fast (default 2.5)

            EXIT STATUS
              0  done
              2  the command line is wrong

            """)
    }

    @Test("a subcommand's help shows its discussion, operands and options")
    func subcommandHelp() {
        #expect(Tool.definition.helpText(for: ["copy"]) == """
            tool copy: copies SOURCE

            USAGE
              tool copy SOURCE [TARGET] [--times N] [--verbose] [--label TEXT]
                                      copies SOURCE to TARGET, or beside it
              tool copy --help        this text

            OPERANDS
              SOURCE                  what to copy
              TARGET                  where to copy it

            OPTIONS
              --times N               how many copies
              --verbose               say what is copied
              --label TEXT            a name for the copy

            """)
    }

    @Test("a command that only groups lists its subcommands, not a usage of its own")
    func groupHelp() {
        let help = Tool.definition.helpText(for: ["group"])
        #expect(help.contains("  tool group inner        does nothing\n"))
        #expect(!help.contains("  tool group  "))
    }

    @Test("long explanations wrap at 80 columns, aligned under the explanation column")
    func wrapping() {
        let words = Array(repeating: "word", count: 40).joined(separator: " ")
        let help = CommandDefinition<Int>("wide", words) { _ in 0 }.helpText()
        let usageLines = help.split(separator: "\n").drop { $0 != "USAGE" }.dropFirst().prefix { !$0.isEmpty }
        #expect(usageLines.count > 2)
        #expect(usageLines.allSatisfy { $0.count <= 80 })
        #expect(usageLines.dropFirst().prefix(2).allSatisfy { $0.hasPrefix(String(repeating: " ", count: 26) + "word") })
    }
}
