import CommandLineParsing
import Testing

@Suite("Parsing a command line")
struct ParsingTests {
    @Test("no arguments run the program itself, with its options' defaults")
    func noArguments() throws {
        #expect(try Tool.parse([]) == .run(.idle(speed: 2.5)))
    }

    @Test("an option's value follows it, or follows an equals sign")
    func optionValueForms() throws {
        #expect(try Tool.parse(["--speed", "4"]) == .run(.idle(speed: 4)))
        #expect(try Tool.parse(["--speed=4"]) == .run(.idle(speed: 4)))
        #expect(try Tool.parse(["copy", "a", "--times=3", "--label=x=y"])
            == .run(.copy(source: "a", target: nil, times: 3, verbose: false, label: "x=y")), "only the first = splits")
    }

    @Test("a repeated option keeps its last value")
    func repeatedOption() throws {
        #expect(try Tool.parse(["--speed", "1", "--speed", "0"]) == .run(.idle(speed: 0)))
    }

    @Test("the first argument selects a subcommand; options and operands then mix in any order")
    func subcommand() throws {
        let expected = Action.copy(source: "a", target: "b", times: 2, verbose: true, label: nil)
        #expect(try Tool.parse(["copy", "a", "b", "--times", "2", "--verbose"]) == .run(expected))
        #expect(try Tool.parse(["copy", "--verbose", "a", "--times", "2", "b"]) == .run(expected))
        #expect(try Tool.parse(["group", "inner"]) == .run(.inner))
    }

    @Test("an operand declared with a kind of value is read as one")
    func typedOperand() throws {
        #expect(try Tool.parse(["repeat", "3"]) == .run(.repeating(count: 3)))
    }

    @Test("optional operands and options left out read as nil and false")
    func leftOut() throws {
        #expect(try Tool.parse(["copy", "a"]) == .run(.copy(source: "a", target: nil, times: nil, verbose: false, label: nil)))
    }

    @Test("after --, every argument is an operand, even one that looks like an option")
    func doubleDash() throws {
        #expect(try Tool.parse(["copy", "--", "--verbose", "-h"])
            == .run(.copy(source: "--verbose", target: "-h", times: nil, verbose: false, label: nil)))
        #expect(try Tool.parse(["copy", "a", "--verbose", "--"])
            == .run(.copy(source: "a", target: nil, times: nil, verbose: true, label: nil)), "a trailing -- adds nothing")
    }

    @Test("- alone is an operand (standard input or output), and a value")
    func singleDash() throws {
        #expect(try Tool.parse(["copy", "-", "--label", "-"])
            == .run(.copy(source: "-", target: nil, times: nil, verbose: false, label: "-")))
    }

    @Test("-h or --help asks for the help of the command it is given to, wherever it stands")
    func help() throws {
        #expect(try Tool.parse(["--help"]) == .help(commandPath: []))
        #expect(try Tool.parse(["-h"]) == .help(commandPath: []))
        #expect(try Tool.parse(["copy", "--help"]) == .help(commandPath: ["copy"]))
        #expect(try Tool.parse(["copy", "a", "b", "-h"]) == .help(commandPath: ["copy"]))
        #expect(try Tool.parse(["group", "inner", "--help"]) == .help(commandPath: ["group", "inner"]))
        #expect(try Tool.parse(["group", "--help"]) == .help(commandPath: ["group"]))
    }

    @Test("help wins over any other problem on the line, but not after --")
    func helpWins() throws {
        #expect(try Tool.parse(["copy", "--bogus", "--times", "x", "--help"]) == .help(commandPath: ["copy"]))
        #expect(try Tool.parse(["copy", "--", "--help"])
            == .run(.copy(source: "--help", target: nil, times: nil, verbose: false, label: nil)))
    }

    @Test("a subcommand's name after its operands is an operand")
    func subcommandNameAsOperand() throws {
        #expect(try Tool.parse(["copy", "copy"]) == .run(.copy(source: "copy", target: nil, times: nil, verbose: false, label: nil)))
    }
}
