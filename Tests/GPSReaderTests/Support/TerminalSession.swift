import Foundation
import Glibc
import Testing

/// A real terminal for a `gps` process: a detached tmux session of a fixed size on a tmux
/// server of its own (`-L`), read with `capture-pane`.
final class TerminalSession: Sendable {
    static let tmuxPath: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static let missingMessage = "tmux is not installed (apt-get install tmux): skipping the terminal test"

    private let socket = "gps-test-\(UUID().uuidString.prefix(8))"

    /// Starts `gps arguments…` in a terminal of `columns` × `rows`; `close()` ends it.
    private init(_ arguments: [String], columns: Int = 100, rows: Int = 40) async throws {
        let command = ([try #require(CommandRunner.gpsPath)] + arguments).joined(separator: " ")
        // The tmux server this starts outlives the call: it must not hold a pipe of ours open.
        try await tmux(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", command], capturing: false)
    }

    /// Runs `body` with `gps arguments…` in a terminal, and ends it after, whatever happens.
    static func run(_ arguments: [String], _ body: (TerminalSession) async throws -> Void) async throws {
        let session = try await TerminalSession(arguments)
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
    }

    /// What the terminal shows now, one string per row.
    func screen() async throws -> [String] {
        try await tmux(["capture-pane", "-p"]).components(separatedBy: "\n")
    }

    /// How many lines have scrolled off the top.
    func scrolledLines() async throws -> Int {
        Int(try await tmux(["display-message", "-p", "#{history_size}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// Waits up to `timeout` (generous: a loaded machine runs tmux late) until a row of the
    /// screen satisfies `condition`.
    func waitForRow(timeout: Duration = .seconds(30), where condition: (String) -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            if try await screen().contains(where: condition) { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Runs tmux on `heavyWork`, off the cooperative pool: spawning and waiting block.
    @discardableResult
    private func tmux(_ arguments: [String], capturing: Bool = true) async throws -> String {
        let socket = socket
        return try await offThePool { try Self.tmux(socket: socket, arguments, capturing: capturing) }
    }

    /// Runs `tmux -L socket arguments…` to its end, with `posix_spawn` and `waitpid` rather than
    /// `Process`, whose wait for the client sometimes never returned here once the client had
    /// forked the server.
    private static func tmux(socket: String, _ arguments: [String], capturing: Bool) throws -> String {
        let program = try #require(Self.tmuxPath)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        defer { Glibc.close(ends[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capturing {
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = ([program, "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, &attributes, argv, environ)
        Glibc.close(ends[1])
        guard spawned == 0 else { throw POSIXError(.init(rawValue: spawned) ?? .EIO) }
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while capturing {
            let count = read(ends[0], &buffer, buffer.count)
            if count > 0 { output += buffer[..<count]; continue }
            if count < 0 && errno == EINTR { continue }
            break
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return String(decoding: output, as: UTF8.self)
    }
}
