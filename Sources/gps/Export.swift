import FoundationEssentials
import GPSCommandLine
import GPSReader
import Recording

/// `gps replay FILE --gpx` and `--geojson`: the capture's track on standard output, as fast as
/// the capture reads; `gps report FILE --output PAGE`: the capture drawn as one HTML page.
@MainActor
enum Export {
    static func run(file: String, format: ExportFormat) async -> CommandExit.Status {
        let name = URL(fileURLWithPath: file).lastPathComponent
        let writer: any ReceiverSink = switch format {
        case .gpx: GPXWriter(name: name, output: { StandardOutput.write($0) })
        case .geoJSON: GeoJSONWriter(output: { StandardOutput.write($0) })
        }
        return await CaptureRun.replay(.file(file), named: file, pace: .asFastAsPossible, into: writer)
    }

    static func report(file: String, output: String) async -> CommandExit.Status {
        let report = ReportWriter(title: URL(fileURLWithPath: file).lastPathComponent)
        let status = await CaptureRun.replay(.file(file), named: file, pace: .asFastAsPossible, into: report)
        guard status == .success else { return status }
        if let reason = TextFile.write(report.page(), to: output) {
            printError("gps: cannot write \(output): \(reason)")
            return .failure
        }
        printError("gps: wrote \(output)")
        return .success
    }
}
