import LocationTracking

/// The state as lines on standard error, for output that is not the panel: one line per change
/// (`gps: acquiring satellites`, `gps: 3D fix`), a failure with what went wrong and what to do
/// (`gps: device not found: No device at /dev/ttyUSB0: …`), so no log line need repeat it. The
/// panel prints the failures' lines above itself (`line(for:)`), whole, where its rows would
/// cut them.
struct StateLines {
    /// The summary of the last state printed.
    private var printed: String?

    /// Prints `state` when its summary differs from the last one printed; never `.idle`.
    mutating func report(_ state: LocationState) {
        if let line = line(for: state) { printError(line) }
    }

    /// The line for `state` when its summary differs from the last one given, which it
    /// becomes; `nil` for `.idle` or the same summary again.
    mutating func line(for state: LocationState) -> String? {
        let summary = state.summary
        guard summary != printed, state != .idle else { return nil }
        printed = summary
        if case .failed(let error) = state, !summary.hasSuffix("\(error)") {
            return "gps: \(summary): \(error)"
        }
        return "gps: \(summary)"
    }
}
