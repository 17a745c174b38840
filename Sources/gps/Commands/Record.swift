import FoundationEssentials
import GPSCommandLine
import GPSD
import GPSReader
import POSIXSupport
import Recording
import SerialPort

/// `gps record`: a receiver's NMEA, byte for byte, into a file, until Ctrl-C or SIGTERM (status
/// 0, the file closed after a last `fsync`; removed if the device never opened), a full disk, a
/// deleted file or a path that is not a serial device (status 1, said once) or refused access
/// (status 3).
enum Record {
    static func run(device: FilePath?, baudRate: Int?, settings: RecordSettings) async -> CommandExit.Status {
        let recorder: NMERecorder
        do throws(RecordingError) {
            recorder = try NMERecorder(path: settings.output, options: options(settings))
        } catch {
            printError("gps: \(error)")
            return .failure
        }
        let source: any ReceiverSource
        if let url = device?.string.flatMap(GPSDURL.init) {
            source = GPSDSource(address: GPSDAddress(host: url.host, port: url.port), device: url.device)
        } else {
            source = DeviceConnection(
                device.map { .path($0) } ?? .automatic, baudRate: baudRate.map(SerialPort.BaudRate.init(rawValue:)),
                link: CorrectionFeed.current?.link)
        }
        let output = settings.output.description
        return await runUntilInterrupted {
            let problems = ProblemLines(source: source.name, waitsForAccess: false)
            var sinks = ReceiverSinks([recorder, problems, StartLine(output: output)] + CorrectionFeed.positionSinks)
            await source.run(into: &sinks)
            recorder.finish()
            if let failure = recorder.failure {
                printError("gps: \(failure)")
                return .failure
            }
            printError("gps: " + summaryLine(recorder.summary))
            if problems.refusedAccess != nil { return .accessBlocked }
            return problems.hasFailedForGood ? .failure : .success
        }
    }

    private static func options(_ settings: RecordSettings) -> RecordingOptions {
        let existing: RecordingOptions.ExistingFile = switch settings.existingFile {
        case .refuse: .refuse
        case .append: .append
        case .replace: .replace
        }
        let rotation: RecordingOptions.Rotation = switch settings.rotation {
        case .never: .never
        case .bySize(let bytes): .bySize(bytes)
        case .hourly: .hourly
        }
        return RecordingOptions(
            existingFile: existing, sync: settings.sync == .everyEpoch ? .everyEpoch : .onClose, rotation: rotation,
            writesHeader: settings.writesHeader)
    }

    /// "recorded 1200 lines (81234 bytes) into drive.nmea, 3 of them not NMEA (kept as received)";
    /// "nothing recorded: …" when the device never opened and the file was removed.
    static func summaryLine(_ summary: RecordingSummary) -> String {
        if summary.isDiscarded {
            return "nothing recorded, the device never opened: " + summary.pieces.joined(separator: ", ") + " was not kept"
        }
        var line = "recorded \(summary.lines) lines (\(summary.bytes) bytes) into " + summary.pieces.joined(separator: ", ")
        if summary.otherLines > 0 { line += ", \(summary.otherLines) of them not NMEA (kept as received)" }
        if summary.droppedBytes > 0 { line += "; \(summary.droppedBytes) bytes that ended no line were dropped" }
        return line
    }
}

/// "gps: recording /dev/ttyACM0 into drive.nmea; Ctrl-C to stop", when the device opens.
private final class StartLine: ReceiverSink {
    private let output: String
    private var hasSaid = false

    init(output: String) {
        self.output = output
    }

    func receive(_ event: ReceiverEvent) {
        guard case .opened(let path, let baudRate) = event, !hasSaid else { return }
        hasSaid = true
        printError("gps: recording \(path)" + (baudRate.map { " at \($0) bit/s" } ?? "") + " into \(output); Ctrl-C to stop")
    }
}
