import CommandLineParsing
import GPSCommandLine
import Testing

/// `--distance-filter M`, `--desired-accuracy M` and `--region NAME:LAT,LON,RADIUS` on
/// `gps read` and `gps replay`.
@Suite("gps filter and region options")
struct FilterCommandLineTests {
    private static let home = RegionArgument(name: "home", latitude: 48.1374, longitude: 11.5755, radius: 100)

    @Test("each command line parses into its command and filters", arguments: [
        (["read", "--distance-filter", "25"],
         Command.read(device: nil, baudRate: nil, waitForAccess: false, filters: FixFilters(distanceFilter: 25))),
        (["read", "/dev/ttyACM0", "--desired-accuracy=7.5", "--region", "home:48.1374,11.5755,100"],
         .read(device: "/dev/ttyACM0", baudRate: nil, waitForAccess: false,
               filters: FixFilters(desiredAccuracy: 7.5, regions: [home]))),
        (["replay", "drive.nmea", "--region", "home:48.1374,11.5755,100", "--rate", "0",
          "--region=south pole:-90,0,5000", "--region", "a:b:-33.9,-180,0"],
         .replay(file: "drive.nmea", rate: 0, filters: FixFilters(regions: [
            home, RegionArgument(name: "south pole", latitude: -90, longitude: 0, radius: 5_000),
            RegionArgument(name: "a:b", latitude: -33.9, longitude: -180, radius: 0),
         ]))),
        (["replay", "drive.nmea", "--distance-filter", "0"], .replay(file: "drive.nmea", rate: 1, filters: FixFilters(distanceFilter: 0))),
        (["replay", "drive.nmea"], .replay(file: "drive.nmea", rate: 1, filters: .none)),
    ])
    func parses(arguments: [String], command: Command) throws {
        #expect(try Command(arguments: arguments) == command)
    }

    @Test("a wrong filter or region is refused with a message naming it", arguments: [
        (["read", "--distance-filter", "-1"], "gps read: --distance-filter needs a number of 0 or more, not \"-1\""),
        (["read", "--desired-accuracy", "0"], "gps read: --desired-accuracy needs a number above 0, not \"0\""),
        (["replay", "drive.nmea", "--desired-accuracy", "inf"],
         "gps replay: --desired-accuracy needs a number above 0, not \"inf\""),
        (["read", "--region", "home"], "gps read: --region needs \(regionExpectation), not \"home\""),
        (["read", "--region", ":48,11,100"], "gps read: --region needs \(regionExpectation), not \":48,11,100\""),
        (["read", "--region", "home:48,11"], "gps read: --region needs \(regionExpectation), not \"home:48,11\""),
        (["read", "--region", "home:91,11,100"], "gps read: --region needs \(regionExpectation), not \"home:91,11,100\""),
        (["read", "--region", "home:48,181,100"], "gps read: --region needs \(regionExpectation), not \"home:48,181,100\""),
        (["read", "--region", "home:48,11,-5"], "gps read: --region needs \(regionExpectation), not \"home:48,11,-5\""),
        (["read", "--region", "home:48,11,nan"], "gps read: --region needs \(regionExpectation), not \"home:48,11,nan\""),
        (["read", "--region"], "gps read: --region needs a value: \(regionExpectation)"),
        (["replay", "drive.nmea", "--region", "home:48,11,5", "--region", "home:49,12,5"],
         "gps replay: --region home is given twice"),
        (["replay", "drive.nmea", "--json", "--distance-filter", "5"], "gps replay: --distance-filter cannot be combined with --json"),
        (["read", "--region", "home:48,11,5", "--json"], "gps read: --region cannot be combined with --json"),
        (["serve", "--distance-filter", "5"], "gps serve: unknown option --distance-filter"),
    ])
    func refused(arguments: [String], message: String) {
        do throws(UsageError) {
            _ = try Command(arguments: arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("gps read --help and gps replay --help list the options, a region as repeatable")
    func help() {
        for path in [["read"], ["replay"]] {
            let help = Command.helpText(for: path)
            #expect(help.contains("\n  --distance-filter M     print a fix only M metres or more from the last one\n"), "\(path)")
            #expect(help.contains("\n  --desired-accuracy M    print only fixes whose estimated accuracy is M metres\n"), "\(path)")
            #expect(help.contains("\n  --region NAME:LAT,LON,RADIUS\n"), "\(path)")
            #expect(help.contains("(may be repeated)"), "\(path)")
        }
        #expect(Command.helpText(for: []).contains(#""region NAME entered" and "exited""#))
    }
}

private let regionExpectation = "NAME:LAT,LON,RADIUS (degrees, metres), such as home:48.1374,11.5755,100"
