/// Keeps the server's lines about single clients (connected, disconnected, dropped) to a few a
/// minute: a test suite or a monitoring probe that connects thousands of times must not
/// flood standard error. Past the limit a window's lines are counted, said once as they start
/// being held back, and their number is said when the next window opens.
struct LogThrottle {
    /// The lines shown per window.
    let limit: Int
    /// The length of a window.
    let window: Duration
    private var windowStart: ContinuousClock.Instant?
    private var shown = 0
    private var heldBack = 0

    init(limit: Int = 10, window: Duration = .seconds(60)) {
        self.limit = limit
        self.window = window
    }

    /// The lines to write for `line` at `now`: itself, a notice that lines are held back, a
    /// count of those held back in the last window, or nothing.
    mutating func admit(_ line: String, at now: ContinuousClock.Instant = .now) -> [String] {
        var lines: [String] = []
        if windowStart.map({ now - $0 >= window }) ?? true {
            if heldBack > 0 { lines.append("gpsd server: \(heldBack) more client lines in the last \(window) not shown") }
            windowStart = now
            shown = 0
            heldBack = 0
        }
        if shown < limit {
            shown += 1
            lines.append(line)
        } else {
            heldBack += 1
            if heldBack == 1 { lines.append("gpsd server: more than \(limit) client lines in \(window): counting the rest") }
        }
        return lines
    }
}
