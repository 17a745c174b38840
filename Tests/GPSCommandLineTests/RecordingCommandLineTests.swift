import CommandLineParsing
import GPSCommandLine
import Testing

/// `gps record`, `gps report` and `gps replay --gpx`/`--geojson` on the command line.
@Suite("Recording command lines")
struct RecordingCommandLineTests {
    private func parse(_ line: String) throws(UsageError) -> Command {
        try Command(arguments: line.split(separator: " ").map(String.init))
    }

    @Test("gps record: the defaults, and every option")
    func record() throws {
        #expect(try parse("record --output r.nmea") == .record(device: nil, baudRate: nil, settings: RecordSettings(output: "r.nmea")))
        #expect(try parse("record /dev/ttyUSB0 --output r.nmea --baud 4800 --append --sync close --rotate 10M --no-header")
            == .record(device: "/dev/ttyUSB0", baudRate: 4800, settings: RecordSettings(
                output: "r.nmea", existingFile: .append, sync: .onClose, rotation: .bySize(10 << 20), writesHeader: false)))
        #expect(try parse("record gpsd://localhost --output r.nmea --force --rotate hourly")
            == .record(device: "gpsd://localhost", baudRate: nil, settings: RecordSettings(
                output: "r.nmea", existingFile: .replace, rotation: .hourly)))
        #expect(try parse("record --output r.nmea --rotate 512k") == .record(
            device: nil, baudRate: nil, settings: RecordSettings(output: "r.nmea", rotation: .bySize(512 * 1024))))
    }

    @Test("gps record refuses what does not go together, and sizes that are none",
          arguments: ["record", "record --output r --append --force", "record gpsd://h --output r --baud 9600",
                      "record --output r --rotate 0", "record --output r --rotate 10X", "record --output r --sync always"])
    func recordRefused(line: String) {
        #expect(throws: UsageError.self) { try parse(line) }
    }

    @Test("gps replay --gpx and --geojson are exports; not with --json, --rate or the filters")
    func export() throws {
        #expect(try parse("replay d.nmea --gpx") == .export(file: "d.nmea", format: .gpx))
        #expect(try parse("replay d.nmea --geojson") == .export(file: "d.nmea", format: .geoJSON))
        for line in ["replay d.nmea --gpx --geojson", "replay d.nmea --gpx --json", "replay d.nmea --geojson --rate 0",
                     "replay d.nmea --gpx --distance-filter 5"] {
            #expect(throws: UsageError.self, "\(line)") { try parse(line) }
        }
    }

    @Test("gps report FILE writes report.html unless --output names another page")
    func report() throws {
        #expect(try parse("report d.nmea") == .report(file: "d.nmea", output: "report.html"))
        #expect(try parse("report d.nmea --output d.html") == .report(file: "d.nmea", output: "d.html"))
    }
}
