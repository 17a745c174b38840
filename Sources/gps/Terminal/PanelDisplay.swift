import FoundationEssentials
import Glibc

/// Draws a `Panel` on the terminal and redraws it in place (ANSI cursor movement, no
/// dependency): each draw moves the cursor back to the panel's first line and rewrites every
/// line, clearing what is left of it, so the panel never scrolls.
///
/// Draws are coalesced to at most ten a second, however fast the fixes come, and a draw every
/// second keeps the ages moving when nothing else happens.
@MainActor
final class PanelDisplay {
    private let render: (_ satelliteRows: Int) -> [String]
    private var drawnLines = 0
    /// Terminal rows that messages printed above the panel take (as wrapped at the time), kept
    /// on screen: the panel gives up satellite rows for them, down to half the terminal.
    private var rowsAbove = 0
    private var lastDraw: ContinuousClock.Instant?
    private var pendingDraw: Task<Void, Never>?
    private var ticker: Task<Void, Never>?
    /// After `finish()`: the panel drawn last stays as it is, whatever changes while the command ends.
    private var isFinished = false
    private static let minimumInterval = Duration.milliseconds(100)

    /// - Parameter render: The panel's lines as they are now, with room for this many
    ///   satellite rows; called at each draw.
    init(render: @escaping (_ satelliteRows: Int) -> [String]) {
        self.render = render
    }

    /// Draws the panel, then keeps redrawing it every second until `finish()`.
    func start() {
        draw()
        ticker = Task { [weak self] in
            while (try? await Task.sleep(for: .seconds(1))) != nil {
                self?.setNeedsDraw()
            }
        }
    }

    /// Asks for a redraw: at once when the last one is old enough, else when it is; after
    /// `finish()`, none.
    func setNeedsDraw() {
        guard pendingDraw == nil, !isFinished else { return }
        let wait = lastDraw.map { Self.minimumInterval - $0.duration(to: .now) } ?? .zero
        pendingDraw = Task { [weak self] in
            if wait > .zero { try? await Task.sleep(for: wait) }
            self?.pendingDraw = nil
            self?.draw()
        }
    }

    /// Prints `message` on standard error where the panel is, and the panel again below it.
    /// The message stays in sight (a permission remedy is what the user must read), the
    /// panel shortened below it.
    func printAbove(_ message: String) {
        // Written over the panel's rows, each cleared after the text (`ESC [K`) rather than the
        // whole screen at once (`ESC [J` from the top), which tmux and some terminals first
        // copy into their scrollback: the panel would seem to have scrolled.
        write(cursorToTop())
        let cleared = message.split(separator: "\n", omittingEmptySubsequences: false).map { $0 + "\u{1B}[K\n" }.joined()
        StandardOutput.write(cleared, to: STDERR_FILENO)
        let columns = Self.terminalSize().columns
        rowsAbove += message.split(separator: "\n", omittingEmptySubsequences: false)
            .map { max(1, ($0.count + columns - 1) / columns) }.reduce(0, +)
        drawnLines = 0
        draw()
    }

    /// Stops redrawing after a last draw; the cursor is left below the panel.
    func finish() {
        isFinished = true
        ticker?.cancel()
        pendingDraw?.cancel()
        pendingDraw = nil
        draw()
    }

    /// Draws the panel cut to the terminal: one row short of its height (the cursor waits on
    /// the last) and one column short of its width (a full row would wrap), so nothing scrolls.
    ///
    /// A terminal that takes nothing now (stopped with Ctrl-S) is not drawn on: the draw would
    /// wait, and with it the reading of the receiver. The next draw shows everything then.
    private func draw() {
        guard LiveOutput.canTake() else { return }
        lastDraw = .now
        let (terminalRows, columns) = Self.terminalSize()
        let rows = terminalRows - min(rowsAbove, terminalRows / 2)
        let lines = render(max(0, rows - 1 - Panel.headerLineCount)).prefix(max(1, rows - 1))
        write(cursorToTop() + lines.map { String($0.prefix(columns - 1)) + "\u{1B}[K\n" }.joined() + "\u{1B}[J")
        drawnLines = lines.count
    }

    /// The terminal's rows and columns (`TIOCGWINSZ`); 24 × 80 when it does not say.
    private static func terminalSize() -> (rows: Int, columns: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else {
            return (24, 80)
        }
        return (Int(size.ws_row), Int(size.ws_col))
    }

    /// Back to the start of the panel's first line.
    private func cursorToTop() -> String {
        drawnLines > 0 ? "\r\u{1B}[\(drawnLines)A" : ""
    }

    private func write(_ text: String) {
        StandardOutput.write(text)
    }
}
