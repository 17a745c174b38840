import GPSCommandLine
import Testing

/// What `gps --help` and `gps COMMAND --help` print.
@Suite("gps help")
struct CommandHelpTests {
    @Test("gps --help lists every command's usage, then OUTPUT and EXIT STATUS")
    func programHelp() {
        let help = Command.helpText(for: [])
        for usage in [
            "  gps [--rate X] ",
            "  gps read [DEVICE] [--baud N] [--wait] [--json] [--distance-filter M]\n"
                + "           [--desired-accuracy M] [--region NAME:LAT,LON,RADIUS]...\n"
                + "           [--ntrip URL] [--gga-interval SECONDS]\n",
            "  gps replay FILE [--rate X] [--json] [--distance-filter M]\n"
                + "             [--desired-accuracy M] [--region NAME:LAT,LON,RADIUS]... [--gpx]\n"
                + "             [--geojson]  replays",
            "  gps record [DEVICE] [--output FILE] [--baud N] [--append] [--force]\n"
                + "             [--sync WHEN] [--rotate SIZE|hourly] [--no-header] [--ntrip URL]\n"
                + "             [--gga-interval SECONDS]\n",
            "  gps report FILE [--output PAGE]\n",
            "  gps serve [DEVICE]... [--replay FILE] [--rate X] [--baud N]\n"
                + "            [--listen HOST:PORT] [--control PATH] [--chrony PATH] [--shm UNIT]\n"
                + "            [--ntrip URL] [--gga-interval SECONDS]\n"
                + "            [--caster [USER:PASS@][ADDRESS:]PORT/MOUNT]\n",
            "  gps ntrip URL [DEVICE] [--json]\n",
            "  gps devices ",
            "  gps simulate [FILE] [--pty] [--link PATH] [--rate X] [--clock] [--delay MS]\n"
                + "               [--write FILE] [--ublox] [--generation m8|f9]\n",
            "  gps info DEVICE [--current-baud N] [--json]\n",
            "  gps config DEVICE [--rate HZ] [--gnss LIST] [--baud N]\n"
                + "             [--output nmea|ubx|both] [--message NAME=RATE]... [--save]\n"
                + "             [--reset] [--yes] [--current-baud N]\n",
            "  gps udev-rules ", "  gps COMMAND --help ", "  gps --help ",
        ] {
            #expect(help.contains(usage), "\(usage)")
        }
        #expect(help.contains("\nOUTPUT (one line per fix, standard output)\n"))
        #expect(help.contains("\nEXIT STATUS\n  0  the replay finished, Ctrl-C, or --help\n"))
        #expect(help.contains("  2  the command line is wrong"))
    }

    @Test("gps replay --help describes replay's operand and options, with their defaults")
    func replayHelp() {
        let help = Command.helpText(for: ["replay"])
        #expect(help.hasPrefix("gps replay: replays a capture at X times real time, then exits 0\n"))
        #expect(help.contains("\nOPERANDS\n  FILE "))
        #expect(help.contains("\nOPTIONS\n  --rate X                times real time, 0 = as fast as possible (default 1)\n"))
        #expect(!help.contains("--baud"))
    }

    @Test("gps read --help says the speed is detected unless --baud is given")
    func readHelp() {
        let help = Command.helpText(for: ["read"])
        let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("\n  --baud N "))
        #expect(help.contains("\n  --wait "))
        #expect(words.contains("the speed is detected unless --baud is given"))
    }

    @Test("every command's help fits 80 columns, as gpsd's tools do")
    func width() {
        for path in [[], ["read"], ["replay"], ["serve"], ["devices"], ["simulate"], ["udev-rules"], ["record"], ["report"], ["info"],
                     ["config"], ["ntrip"]] {
            let tooWide = Command.helpText(for: path).split(separator: "\n").filter { $0.count > 80 }.map(String.init)
            #expect(tooWide.isEmpty, "\(path): \(tooWide)")
        }
    }
}
