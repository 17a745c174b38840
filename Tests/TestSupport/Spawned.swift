import Foundation
import Glibc
import CPOSIXSupport
import POSIXSupport

/// A running child process whose standard output a thread of its own collects, and whose
/// output and exit a test awaits without holding a thread of the cooperative pool.
///
/// Spawned with `posix_spawn`, an empty signal mask and default handlers: a test's thread
/// may block every signal, a child inherits that mask, and gpsd's tools then never see the
/// signals they wait for. A second thread of its own waits for it to exit and reaps it.
public final class Spawned: Sendable {
    public let pid: pid_t

    private struct Child: Sendable {
        var output: [UInt8] = []
        var isOutputAtEnd = false
        /// The exit status, or 128 + the signal that ended it; `nil` while it runs.
        var status: Int32?
        var wasSignalled = false
        /// Exited, and everything it wrote collected.
        var isDone: Bool { status != nil && isOutputAtEnd }
    }

    private let child = WatchedState(Child())
    private let reader: PipeReader

    /// Starts `program` in this process's environment with `environment`'s variables set on
    /// top; with `mergingStandardError` its standard error goes to the same pipe, with
    /// `discardingOutput` its standard output goes to /dev/null (for a program that leaves a
    /// daemon behind, which must not hold the pipe open).
    public init(
        _ program: String, _ arguments: [String], environment: [String: String] = [:],
        mergingStandardError: Bool = false, discardingOutput: Bool = false
    ) throws {
        // Close-on-exec from its creation: a child another test spawns meanwhile (a tmux
        // server, a gps serve) must not inherit the write end and hold this child's output open.
        let (readEnd, writeEnd) = try Syscalls.pipe(isBlocking: true).mapError { POSIXError(.init(rawValue: $0.rawValue) ?? .EIO) }.get()
        let ends = [readEnd, writeEnd]
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
        // Last, after the dup2s: no other descriptor of this process reaches the child. A pipe
        // another test made with Foundation's `Pipe` (not close-on-exec), kept open by this
        // child, would hold that test's read waiting for an end of file until this child exits.
        _ = cposix_spawn_close_from(&actions, 3)
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
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        close(ends[1])
        guard spawned == 0 else {
            close(ends[0])
            throw POSIXError(.init(rawValue: spawned) ?? .EIO)
        }
        self.pid = pid
        let child = child
        let name = String(program.split(separator: "/").last ?? "")
        reader = try PipeReader(ends[0], name: "output of \(name)", received: { bytes in
            child.update { $0.output += bytes }
        }, ended: {
            child.update { $0.isOutputAtEnd = true }
        })
        let reader = reader, spawnedPID = pid
        let reaper = Thread {
            Self.reap(spawnedPID, child)
            reader.finish()
        }
        reaper.name = "reaper of \(name)"
        reaper.start()
    }

    /// Blocks until `pid` has exited, then reaps it and records its status. The zombie is
    /// reaped under the lock that `kill(_:)` takes, so no signal can reach a reused pid.
    private static func reap(_ pid: pid_t, _ child: WatchedState<Child>) {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        child.update { child in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            child.status = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        }
    }

    /// Sends `signal` to the child, unless it has exited.
    public func signal(_ signal: Int32) {
        child.update { child in
            guard child.status == nil else { return }
            kill(pid, signal)
            child.wasSignalled = true
        }
    }

    /// A child still running gets SIGTERM, unless a signal was sent to end it already, and
    /// SIGKILL if it still runs 30 s later. Nothing waits for it: its reaper thread reaps it.
    deinit {
        guard child.value.status == nil else { return }
        if !child.value.wasSignalled { signal(SIGTERM) }
        let pid = pid, child = child
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(30)) {
            child.update { child in
                if child.status == nil { kill(pid, SIGKILL) }
            }
        }
    }

    /// What it wrote so far.
    public var output: String { String(decoding: child.value.output, as: UTF8.self) }

    /// Waits until `condition` holds for all it wrote so far, its output ends, or `timeout`
    /// passes; whether `condition` held. `condition` is checked each time more output comes.
    @discardableResult
    public nonisolated(nonsending) func waitForOutput(
        until condition: (String) -> Bool, timeout: Duration = .seconds(30)
    ) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        _ = await child.wait(until: { $0.isOutputAtEnd || condition(String(decoding: $0.output, as: UTF8.self)) },
                             deadline: deadline)
        return condition(output)
    }

    /// Waits until the child has exited and all it wrote is collected, or `timeout` passes
    /// (then kills it with SIGKILL); what it wrote and its status.
    @discardableResult
    public func waitForExit(timeout: Duration = .seconds(30)) async -> Subprocess {
        if await !child.wait(until: \.isDone, deadline: .now.advanced(by: timeout)) {
            child.update { child in
                if child.status == nil { kill(pid, SIGKILL) }
            }
            _ = await child.wait(until: \.isDone, deadline: .now.advanced(by: .seconds(30)))
        }
        let ended = child.value
        return Subprocess(output: String(decoding: ended.output, as: UTF8.self), status: ended.status ?? 128 + SIGKILL)
    }
}
