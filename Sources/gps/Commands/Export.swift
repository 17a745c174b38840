import GPSCommandLine
import GPSReader
import POSIXSupport
import Recording

/// `gps replay FILE --gpx` and `--geojson`: the capture's track on standard output, as fast as
/// the capture reads; `gps report FILE --output PAGE`: the capture drawn as one HTML page.
@MainActor
enum Export {
    static func run(_ capture: CaptureArgument, title: String, format: ExportFormat) async -> CommandExit.Status {
        let writer: any ReceiverSink = switch format {
        case .gpx: GPXWriter(name: title, output: { StandardOutput.write($0) })
        case .geoJSON: GeoJSONWriter(output: { StandardOutput.write($0) })
        }
        return await CaptureRun.replay(capture.capture, named: capture.name, pace: .asFastAsPossible, into: writer)
    }

    static func report(_ capture: CaptureArgument, title: String, output: FilePath) async -> CommandExit.Status {
        let report = ReportWriter(title: title)
        let status = await CaptureRun.replay(capture.capture, named: capture.name, pace: .asFastAsPossible, into: report)
        guard status == .success else { return status }
        if let reason = TextFile.write(report.page(), to: output) {
            printError("gps: cannot write \(output): \(reason)")
            return .failure
        }
        printError("gps: wrote \(output)")
        return .success
    }
}
