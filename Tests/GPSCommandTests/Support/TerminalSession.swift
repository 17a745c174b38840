import Foundation
import Glibc
import Testing
import TestSupport

/// A real terminal for a `gps` process: a detached tmux session of a fixed size on a tmux
/// server of its own (`-L`), read with `capture-pane`, and everything the process writes kept
/// in a transcript (`pipe-pane`), for states shown too briefly to be sure of catching on screen.
final class TerminalSession: Sendable {
    static let tmuxPath: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static let missingMessage = "tmux is not installed (apt-get install tmux): skipping the terminal test"

    private let socket = "gps-test-\(UUID().uuidString.prefix(8))"
    private let transcript = FileManager.default.temporaryDirectory.appendingPathComponent("gps-tmux-\(UUID().uuidString)").path

    /// Starts `gps arguments…` (as `nobody`, through `setpriv`, when `asNobody`) in a terminal
    /// of `columns` × `rows`; `close()` ends it.
    private init(_ arguments: [String], asNobody: Bool, columns: Int, rows: Int) async throws {
        let nobody = asNobody ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let gps = (nobody + [try #require(CommandRunner.gpsPath)] + arguments).joined(separator: " ")
        // gps starts once the transcript is kept: the pane's shell waits on a tmux channel that
        // is signalled after `pipe-pane`, so not even gps's first draw is missed.
        let program = try #require(Self.tmuxPath)
        let command = "\(program) -L \(socket) wait-for started && exec \(gps)"
        // The tmux server this starts outlives the call: it must not hold a pipe of ours open.
        try await tmux(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", command], capturing: false)
        try await tmux(["pipe-pane", "cat >> \(transcript)"], capturing: false)
        // gps reads the terminal's size once it starts: the pane has the size asked for first.
        let size = try await tmux(["display-message", "-p", "#{pane_width}x#{pane_height}"])
        if size.trimmingCharacters(in: .whitespacesAndNewlines) != "\(columns)x\(rows)" {
            try await tmux(["resize-window", "-x", "\(columns)", "-y", "\(rows)"], capturing: false)
        }
        try await tmux(["wait-for", "-S", "started"], capturing: false)
    }

    /// Runs `body` with `gps arguments…` in a terminal, and ends it after, whatever happens.
    static func run(
        _ arguments: [String], asNobody: Bool = false, columns: Int = 100, rows: Int = 40,
        _ body: (TerminalSession) async throws -> Void
    ) async throws {
        let session = try await TerminalSession(arguments, asNobody: asNobody, columns: columns, rows: rows)
        do {
            try await body(session)
        } catch {
            await session.close()
            throw error
        }
        await session.close()
    }

    /// Ends the session, its server and the process in it, and removes the server's socket.
    func close() async {
        let socketPath = (try? await tmux(["display-message", "-p", "#{socket_path}"]))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try? await tmux(["kill-server"], capturing: false)
        if let socketPath, !socketPath.isEmpty { unlink(socketPath) }
        unlink(transcript)
    }

    /// What the terminal shows now, one string per row.
    func screen() async throws -> [String] {
        try await tmux(["capture-pane", "-p"]).components(separatedBy: "\n")
    }

    /// What the terminal shows now, a row the terminal wrapped joined to the next (`-J`): one
    /// string per line written.
    func joinedScreen() async throws -> [String] {
        try await tmux(["capture-pane", "-p", "-J"]).components(separatedBy: "\n")
    }

    /// Waits up to `timeout` until the screen shows `line` whole, however the terminal wrapped
    /// it (`joinedScreen()`, less the spaces that end the last row of a wrapped line).
    func waitForLine(_ line: String, timeout: Duration = .seconds(30)) async throws -> Bool {
        try await eventually("the screen shows \(line)", timeout: timeout, pollingLimit: .milliseconds(50)) {
            try await joinedScreen().contains(where: { $0.trimmingCharacters(in: .whitespaces) == line })
        }
    }

    /// How many lines have scrolled off the top.
    func scrolledLines() async throws -> Int {
        Int(try await tmux(["display-message", "-p", "#{history_size}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// Waits up to `timeout` (generous: a loaded machine runs tmux late) until a row of the
    /// screen satisfies `condition`.
    func waitForRow(timeout: Duration = .seconds(30), where condition: (String) -> Bool) async throws -> Bool {
        try await eventually("a row of the screen is as expected", timeout: timeout, pollingLimit: .milliseconds(50)) {
            try await screen().contains(where: condition)
        }
    }

    /// Waits up to `timeout` until the process has written `text` (in one write, as the panel
    /// writes a row), however soon it was drawn over: from the process's start.
    func waitForDrawn(_ text: String, timeout: Duration = .seconds(30)) async throws -> Bool {
        await eventually("the process has drawn \(text)", timeout: timeout, pollingLimit: .milliseconds(50)) {
            FileManager.default.contents(atPath: transcript).map { String(decoding: $0, as: UTF8.self).contains(text) } ?? false
        }
    }

    /// Runs `tmux -L socket arguments…` to its end, with `Spawned` rather than `Process`,
    /// whose wait for the client sometimes never returned here once the client had forked the
    /// server. Not capturing, its output goes to /dev/null: a server it forks keeps no pipe open.
    @discardableResult
    private func tmux(_ arguments: [String], capturing: Bool = true) async throws -> String {
        let program = try #require(Self.tmuxPath)
        return try await Spawned(program, ["-L", socket] + arguments, discardingOutput: !capturing)
            .waitForExit(timeout: .seconds(60)).output
    }
}
