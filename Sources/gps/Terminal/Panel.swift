import FoundationEssentials
import Glibc
import GPSD
import LocationTracking
import GNSS

/// What the live panel shows, as a fixed number of lines of at most 80 columns, like cgps:
/// the state in words, the fix (UTC time, position, altitude, speed, course, satellites,
/// DOPs, accuracy, age), whether the receiver stands still, the regions watched and the sky,
/// one row per satellite.
struct Panel {
    /// Where the fixes come from: a device path or a capture.
    var source: String
    var state: LocationState = .idle
    /// The last good fix, shown while located and, greyed by the state, while lost.
    var location: Location?
    var age: Duration?
    var satellites: SatelliteView?
    /// Whether the receiver stands still (`AppLocationManager.isStationary`).
    var isStationary = false
    /// Each region watched, by name, with its state, in the order given.
    var regions: [(name: String, state: RegionState)] = []
    /// The correction state, under `--ntrip`: two rows more, two satellite rows fewer.
    var corrections: CorrectionWords?

    /// Satellite rows shown; more are summed up in the last row. The display fits it to the
    /// terminal's height.
    var satelliteRows = 12
    /// Lines above the satellite rows.
    static let headerLineCount = 17
    /// Every panel has this many lines, so each redraw covers the last exactly.
    var lineCount: Int { Self.headerLineCount + satelliteRows }

    var lines: [String] {
        let rule = String(repeating: "─", count: 64)
        var lines = [
            " gps · \(source)",
            " " + rule,
            field("Status", status),
            field("Time (UTC)", location?.timestamp.map { GPSDTimestamp($0).description }),
            field("Latitude", location.map { Self.degrees($0.coordinate.latitude, positive: "N", negative: "S") }),
            field("Longitude", location.map { Self.degrees($0.coordinate.longitude, positive: "E", negative: "W") }),
            field("Altitude", location?.altitude.map { FixedDecimal.string($0, decimals: 1) + " m" }),
            field("Speed", location?.speed.map { FixedDecimal.string($0, decimals: 1) + " m/s  (" + FixedDecimal.string($0 * 3.6, decimals: 1) + " km/h)" }),
            field("Course", location?.course.map { FixedDecimal.string($0, decimals: 1) + "°" }),
            field("Satellites", satelliteCounts),
            field("HDOP / PDOP", dops),
            field("Accuracy", location.flatMap(AccuracyWords.panelAccuracy)),
            field("Fix age", age.map(LocationState.seconds)),
            field("Motion", location.map { _ in isStationary ? "stationary" : "moving" }),
            field("Regions", regionStates),
        ]
        if let corrections {
            lines += [field("Corrections", corrections.summary), field("RTCM", corrections.messages)]
        }
        let satelliteRows = max(0, satelliteRows - (corrections == nil ? 0 : 2))
        lines += [
            " " + rule,
            "   ID  GNSS       Elev   Azim   SNR                           Used",
        ]
        // Used satellites first, so that a short terminal still shows them.
        let sky = (satellites?.satellites ?? []).sorted {
            ($0.isUsed ? 0 : 1, $0.constellation.rawValue, $0.id) < ($1.isUsed ? 0 : 1, $1.constellation.rawValue, $1.id)
        }
        let shown = sky.count > satelliteRows ? max(0, satelliteRows - 1) : satelliteRows
        lines += sky.prefix(shown).map(Self.row)
        if sky.count > shown, satelliteRows > 0 { lines.append("   (\(sky.count - shown) more)") }
        if sky.isEmpty, satelliteRows > 0 {
            lines.append(satellites == nil ? "   no sky view reported yet" : "   no satellites in view")
        }
        while lines.count < lineCount { lines.append("") }
        return Array(lines.prefix(lineCount))
    }

    /// The state in words; a failure too long for the row points to its line above the panel
    /// (`TerminalScreen` prints it there, whole).
    private var status: String {
        let words = state.words(age: age)
        guard case .failed = state, words.count > 80 - 14 else { return words }
        return "failed: why, and what to do, is said above"
    }

    /// "16 used / 27 in view": the receiver's own count of satellites in its solution (GGA's),
    /// else the sky's satellites marked used. When both are known and differ, both are said
    /// ("16 used (receiver's count; 12 marked below) / 27 in view"): the marks are the
    /// satellites the GSAs list, and a GSA lists at most 12. gpsd's clients (cgps's "Used",
    /// `SKY.uSat`) count those of them with a signal.
    private var satelliteCounts: String? {
        let reported = location?.satellitesUsed
        let marked = satellites?.usedCount
        let inView = satellites?.inViewCount
        guard let used = reported ?? marked else {
            return inView.map { "- used / \($0) in view" }
        }
        let both = marked.flatMap { $0 != used ? " (receiver's count; \($0) marked below)" : nil } ?? ""
        return "\(used) used\(both) / \(inView.map(String.init) ?? "-") in view"
    }

    /// `home inside · work outside`, as many as fit in 80 columns, then how many more.
    private var regionStates: String? {
        guard !regions.isEmpty else { return nil }
        let room = 80 - 14
        var text = ""
        for (index, region) in regions.enumerated() {
            let state = switch region.state {
            case .inside: "inside"
            case .outside: "outside"
            case .unknown: "unknown"
            }
            let item = (text.isEmpty ? "" : " · ") + "\(region.name) \(state)"
            let more = index == regions.count - 1 ? "" : " (+\(regions.count - index - 1) more)"
            guard text.count + item.count + more.count <= room else {
                return text + " (+\(regions.count - index) more)"
            }
            text += item
        }
        return text
    }

    private var dops: String? {
        guard let location, location.hdop != nil || location.pdop != nil else { return nil }
        return [location.hdop, location.pdop].map { $0.map { FixedDecimal.string($0, decimals: 1) } ?? "-" }.joined(separator: " / ")
    }

    private func field(_ name: String, _ value: String?) -> String {
        " " + name.column(13) + (value ?? "-")
    }

    private static func degrees(_ value: Double, positive: String, negative: String) -> String {
        FixedDecimal.string(abs(value), decimals: 6) + "° " + (value < 0 ? negative : positive)
    }

    /// `  G05  GPS         45°   120°   38 ███████████████          yes`
    private static func row(_ satellite: Satellite) -> String {
        let snr = satellite.signalStrength
        let bar = String(repeating: "█", count: min(25, Int((snr ?? 0) / 2)))
        return "  " + [
            String(satellite.id).leftPadded(4),
            satellite.constellation.description.column(8),
            (satellite.elevation.map { FixedDecimal.string($0, decimals: 0) + "°" } ?? "-").leftPadded(6),
            (satellite.azimuth.map { FixedDecimal.string($0, decimals: 0) + "°" } ?? "-").leftPadded(6),
            (snr.map { FixedDecimal.string($0, decimals: 0, width: 2) } ?? " -") + " " + bar.column(25),
            satellite.isUsed ? "yes" : "",
        ].joined(separator: "  ")
    }
}
