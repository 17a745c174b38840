import GPSReader
import LocationTracking
import SerialPort
import UBX

/// What went wrong, on standard error, for the outputs that are not the tracking flow
/// (`--json`, `gps serve`, `gps replay` into a pipe), in the words `gps read` uses
/// (`StateLines`): a refused device with its remedy, a missing or unplugged device, bytes that
/// are not NMEA, an unreadable capture. Once something went wrong, the source coming back
/// says `gps: acquiring satellites`. A run that succeeds prints nothing here but what a u-blox
/// receiver says itself in text (INF-ERROR, -WARNING, -NOTICE): `gps: the receiver says
/// (warning): ANTSTATUS=SHORT`.
final class ProblemLines: ReceiverSink {
    private let source: String
    private let waitsForAccess: Bool
    private var lines = StateLines()
    private var hasProblem = false

    /// The access refused when the command does not wait for it: the run ends.
    private(set) var refusedAccess: AuthorizationStatus?
    /// Whether the source failed (for a capture: it ended unread, or truncated).
    private(set) var hasFailed = false
    /// Whether the source failed for good: a path that is not a serial device, or a console.
    private(set) var hasFailedForGood = false

    /// Lines about `source` (the path named in the remedy); a refused device ends the run
    /// unless `waitsForAccess`.
    init(source: String, waitsForAccess: Bool) {
        self.source = source
        self.waitsForAccess = waitsForAccess
    }

    func receive(_ event: ReceiverEvent) {
        switch event {
        case .access(let status) where !status.isAuthorized:
            hasProblem = true
            if waitsForAccess { lines.report(.waitingForAccess(status)) }
            let remedy: SerialPortError = status == .restricted ? .notPermitted(path: source) : .permissionDenied(path: source)
            printError("gps: \(remedy)")
            if !waitsForAccess { refusedAccess = status }
        case .opened:
            if hasProblem { lines.report(.acquiring(satellitesInView: nil)) }
        case .epoch:
            // Sentences came: the next spell of garbage, or outage, is news again.
            lines = StateLines()
        case .failed(let error):
            hasProblem = true
            hasFailed = true
            if (error as? SerialPortError)?.isFinal == true { hasFailedForGood = true }
            lines.report(.failed(error))
            if case .busy(let path, _) = error as? SerialPortError, let hint = DeviceHolder.hint(for: path) { printError(hint) }
        case .garbled(let error):
            hasProblem = true
            lines.report(.failed(error))
        case .unplugged(let error):
            hasProblem = true
            lines.report(.failed(error))
        case .frames(let frames) where frames.contains(.ubx):
            for frame in frames where frame.kind == .ubx && frame.bytes.count >= 8 && frame.bytes[frame.bytes.startIndex + 2] == 0x04 {
                if let line = Self.informationLine(frame.bytes) { printError(line) }
            }
        default:
            break
        }
    }

    var wantsMoreEvents: Bool { refusedAccess == nil }

    /// The line for a u-blox INF message the receiver sent, `nil` for its test and debug output.
    static func informationLine(_ frame: ArraySlice<UInt8>) -> String? {
        frame.withUnsafeBytes { bytes in
            guard let message = UBXMessage(frame: bytes), let information = try? UBXInformation(message),
                  information.level != .test, information.level != .debug else { return nil }
            return "gps: the receiver says (\(information.level)): \(information.text)"
        }
    }
}
