import CommandLineParsing
import Testing

@Suite("A command line that does not parse")
struct UsageErrorTests {
    @Test("each problem names the bad argument and the command it was given to", arguments: [
        (["copy", "a", "--bogus"], UsageProblem.unknownOption("--bogus"), "tool copy: unknown option --bogus"),
        (["copy", "a", "--bogus=1"], .unknownOption("--bogus"), "tool copy: unknown option --bogus"),
        (["copy", "a", "-x"], .unknownOption("-x"), "tool copy: unknown option -x"),
        (["--times", "2"], .unknownOption("--times"), "tool: unknown option --times"),
        (["copy", "a", "--times"], .missingValue(option: "--times", expected: "a positive integer"),
         "tool copy: --times needs a value: a positive integer"),
        (["copy", "a", "--times", "--verbose"], .missingValue(option: "--times", expected: "a positive integer"),
         "tool copy: --times needs a value: a positive integer"),
        (["copy", "a", "--times", "0"], .invalidValue(argument: "--times", value: "0", expected: "a positive integer"),
         "tool copy: --times needs a positive integer, not \"0\""),
        (["copy", "a", "--times=two"], .invalidValue(argument: "--times", value: "two", expected: "a positive integer"),
         "tool copy: --times needs a positive integer, not \"two\""),
        (["copy", "a", "--label="], .invalidValue(argument: "--label", value: "", expected: "a value"),
         "tool copy: --label needs a value, not \"\""),
        (["--speed", "-1"], .invalidValue(argument: "--speed", value: "-1", expected: "a number of 0 or more"),
         "tool: --speed needs a number of 0 or more, not \"-1\""),
        (["--speed", "inf"], .invalidValue(argument: "--speed", value: "inf", expected: "a number of 0 or more"),
         "tool: --speed needs a number of 0 or more, not \"inf\""),
        (["copy", "a", "--verbose=yes"], .valueForFlag("--verbose"), "tool copy: --verbose takes no value"),
        (["copy", "a", "b", "c"], .unexpectedOperand("c"), "tool copy: unexpected argument c"),
        (["--speed", "1", "copy"], .unexpectedOperand("copy"), "tool: unexpected argument copy"),
        (["copy"], .missingOperand("SOURCE"), "tool copy needs a SOURCE"),
        (["copy", ""], .invalidValue(argument: "SOURCE", value: "", expected: "a value"), "tool copy: SOURCE needs a value, not \"\""),
        (["repeat", "x"], .invalidValue(argument: "COUNT", value: "x", expected: "a positive integer"),
         "tool repeat: COUNT needs a positive integer, not \"x\""),
        (["frobnicate"], .unknownSubcommand("frobnicate"), "tool: unknown command frobnicate"),
        (["group"], .missingSubcommand, "tool group: a command is needed"),
        (["copy", "a", "--label", "forbidden"], .conflict("the label forbidden is taken"),
         "tool copy: the label forbidden is taken"),
    ])
    func problem(arguments: [String], problem: UsageProblem, message: String) throws {
        let error = try #require(Tool.error(arguments))
        #expect(error.problem == problem)
        #expect(error.description == message)
    }

    @Test("the hint names the help of the command the problem was found in")
    func hint() throws {
        #expect(try #require(Tool.error(["copy"])).hint == "Try `tool copy --help`.")
        #expect(try #require(Tool.error(["--bogus"])).hint == "Try `tool --help`.")
        #expect(try #require(Tool.error(["group", "inner", "x"])).hint == "Try `tool group inner --help`.")
    }

    @Test("the first bad argument is the one reported")
    func firstProblem() throws {
        #expect(try #require(Tool.error(["copy", "--times", "x", "--bogus"])).problem
            == .invalidValue(argument: "--times", value: "x", expected: "a positive integer"))
    }
}
