import Foundation
import Glibc

/// A program run by a test, with its standard output collected and a deadline after which it
/// is killed (a guard against hangs, never reached when things work).
///
/// Spawned with `posix_spawn`, an empty signal mask and default handlers: a test's thread
/// may block every signal, a child inherits that mask, and gpsd's tools then never see the
/// signals they wait for.
struct Subprocess {
    /// What the program wrote to standard output.
    var output: String
    /// Its exit status, or 128 + the signal that ended it.
    var status: Int32

    /// The path of `name` in /usr/bin, /usr/sbin or /usr/local/bin, or `nil`.
    static func find(_ name: String) -> String? {
        ["/usr/bin", "/usr/sbin", "/usr/local/bin"].map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `program` with `arguments` until it exits, or `timeout` passes and it is killed.
    static func run(_ program: String, _ arguments: [String], timeout: Duration = .seconds(30)) throws -> Subprocess {
        let process = try Spawned(program, arguments)
        return process.wait(timeout: timeout)
    }
}

/// A running child process whose standard output is a pipe read by the test.
final class Spawned {
    let pid: pid_t
    private let output: CInt

    init(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t(), defaults = sigset_t()
        sigemptyset(&unblocked)
        sigemptyset(&defaults)
        for signal in [SIGCHLD, SIGPIPE, SIGALRM, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environmentLines = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
        environmentLines.sort()
        let envp = environmentLines.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        close(ends[1])
        guard spawned == 0 else {
            close(ends[0])
            throw POSIXError(.init(rawValue: spawned) ?? .EIO)
        }
        self.pid = pid
        output = ends[0]
    }

    /// Sends `signal` to the child.
    func signal(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Reads standard output until the child closes it or `timeout` passes (then kills it),
    /// and reaps it.
    func wait(timeout: Duration) -> Subprocess {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now < deadline {
            var ready = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
            guard poll(&ready, 1, 100) > 0 else { continue }
            let count = read(output, &buffer, buffer.count)
            if count > 0 { bytes += buffer[..<count]; continue }
            if count < 0 && errno == EINTR { continue }
            break
        }
        if ContinuousClock.now >= deadline { kill(pid, SIGKILL) }
        close(output)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exit = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Subprocess(output: String(decoding: bytes, as: UTF8.self), status: exit)
    }
}
