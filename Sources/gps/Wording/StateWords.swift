import GPSReader
import LocationTracking
import SerialPort
import GNSS

extension LocationState {
    /// The state in the words of the panel: "acquiring satellites", "3D fix", "lost 12 s ago",
    /// "device unplugged".
    ///
    /// - Parameter age: How long ago the last good fix arrived, for `.lost`.
    func words(age: Duration?) -> String {
        switch self {
        case .lost:
            guard let age else { return "lost" }
            return "lost \(Self.seconds(age)) ago"
        case .acquiring(let inView?):
            return "acquiring satellites (\(inView) in view)"
        case .accuracyLimited(let location):
            return summary + (location.horizontalAccuracy.map { " (± " + FixedDecimal.string($0, decimals: 1) + " m)" } ?? " (accuracy unknown)")
        default:
            return summary
        }
    }

    /// The state in a few words without counts or ages: what a line on standard error says
    /// at each change, so that a new fix or another satellite in view is not a change.
    var summary: String {
        switch self {
        case .idle: "idle"
        case .waitingForAccess(.notDetermined): "checking access"
        case .waitingForAccess(let status): "waiting for access (\(status))"
        case .acquiring: "acquiring satellites"
        case .accuracyLimited: "waiting for an accurate fix"
        case .located(let location):
            switch location.mode {
            case .threeDimensional?: "3D fix"
            case .twoDimensional?: "2D fix"
            default: "fix"
            }
        case .lost: "fix lost"
        case .failed(let error as SerialPortError):
            switch error {
            case .disconnected: "device unplugged"
            case .notFound: "device not found"
            default: "failed: \(error)"
            }
        case .failed(GPSReaderError.noReceiverAttached): "no receiver attached"
        case .failed(let error): "failed: \(error)"
        }
    }

    /// "12 s", or "0.4 s" under ten seconds.
    static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        return seconds < 10 ? "\(Int(seconds * 10) / 10).\(Int(seconds * 10) % 10) s" : "\(Int(seconds)) s"
    }
}
