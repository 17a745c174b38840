import Foundation
import Glibc

/// A program run by a test, with its standard output collected and a deadline after which it
/// is killed (a guard against hangs, never reached when things work).
///
/// Spawned with `posix_spawn`, an empty signal mask and default handlers: a test's thread
/// may block every signal, a child inherits that mask, and gpsd's tools then never see the
/// signals they wait for.
public struct Subprocess: Sendable {
    /// What the program wrote to standard output.
    public var output: String
    /// Its exit status, or 128 + the signal that ended it.
    public var status: Int32

    /// The path of `name` in /usr/bin, /usr/sbin or /usr/local/bin, or `nil`.
    public static func find(_ name: String) -> String? {
        ["/usr/bin", "/usr/sbin", "/usr/local/bin"].map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `program` with `arguments` until it exits, or `timeout` passes and it is killed.
    public static func run(_ program: String, _ arguments: [String], timeout: Duration = .seconds(30)) throws -> Subprocess {
        let process = try Spawned(program, arguments)
        return process.wait(timeout: timeout)
    }
}

/// A running child process whose standard output is a pipe read by the test.
public final class Spawned {
    public let pid: pid_t
    private let outputEnd: CInt
    private var collected: [UInt8] = []
    private var isReaped = false
    /// Whether the output pipe reached its end (every writer closed it).
    private var isAtEnd = false

    /// Starts `program`; with `mergingStandardError` its standard error goes to the same pipe,
    /// with `discardingOutput` its standard output goes to /dev/null (for a program that
    /// leaves a daemon behind, which must not hold the pipe open).
    public init(_ program: String, _ arguments: [String], mergingStandardError: Bool = false, discardingOutput: Bool = false) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        // Children that other tests spawn meanwhile must not inherit the pipe: one holding
        // its write end would keep this child's output from ever ending.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if discardingOutput {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        }
        if mergingStandardError {
            posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
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
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, &attributes, argv, environ)
        close(ends[1])
        guard spawned == 0 else {
            close(ends[0])
            throw POSIXError(.init(rawValue: spawned) ?? .EIO)
        }
        self.pid = pid
        outputEnd = ends[0]
    }

    /// Sends `signal` to the child.
    public func signal(_ signal: Int32) {
        kill(pid, signal)
    }

    deinit {
        if !isReaped {
            kill(pid, SIGKILL)
            _ = wait(timeout: .seconds(10))
        }
    }

    /// What it wrote so far.
    public var output: String { String(decoding: collected, as: UTF8.self) }

    /// Reads output until `condition` holds for all of it, the child closes it, or `timeout`
    /// passes; whether `condition` held.
    @discardableResult
    public func read(until condition: (String) -> Bool, timeout: Duration = .seconds(30)) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !condition(output) {
            guard ContinuousClock.now < deadline else { return false }
            var ready = [pollfd(fd: outputEnd, events: Int16(POLLIN), revents: 0)]
            guard poll(&ready, 1, 100) > 0 else { continue }
            let count = Glibc.read(outputEnd, &buffer, buffer.count)
            if count > 0 { collected += buffer[..<count]; continue }
            if count < 0 && errno == EINTR { continue }
            isAtEnd = true
            return condition(output)
        }
        return true
    }

    /// Reads output until the child has exited and its output is drained, or `timeout` passes
    /// (then kills it), and reaps it.
    @discardableResult
    public func wait(timeout: Duration) -> Subprocess {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var status: Int32 = 0
        var exited = false
        while !exited && ContinuousClock.now < deadline {
            if isAtEnd { usleep(10_000) } else { read(until: { _ in false }, timeout: .milliseconds(100)) }
            exited = waitpid(pid, &status, WNOHANG) == pid
        }
        if !exited {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        // What the child wrote before it exited is in the pipe: drain it without waiting.
        if !isAtEnd { read(until: { _ in false }, timeout: .milliseconds(50)) }
        close(outputEnd)
        isReaped = true
        let exit = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Subprocess(output: output, status: exit)
    }
}
