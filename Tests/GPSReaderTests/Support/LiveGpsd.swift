import Foundation
import Glibc

/// gpsd itself, run by `gpsfake` on loopback: the capture goes through a pty into a private
/// `gpsd` bound to 127.0.0.1, and its JSON reports come back on standard output.
enum LiveGpsd {
    /// The `gpsfake` program, or `nil` when gpsd is not installed (`apt-get install gpsd gpsd-clients`).
    static let gpsfake: String? = ["/usr/bin/gpsfake", "/usr/local/bin/gpsfake"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    static let missingMessage =
        "gpsfake is not installed (apt-get install gpsd gpsd-clients): skipping the live gpsd comparison"

    /// gpsd's version line, such as `gpsd: 3.22 (revision 3.22)`.
    static func version() throws -> String {
        try run("/usr/sbin/gpsd", ["-V"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What gpsd reports for the capture at `path`, fed once at 38400 bit/s (the same command
    /// that made the corpus's `expected-3.22` files). Blocking: call it off the cooperative pool.
    static func replay(_ path: String) throws -> String {
        try run(gpsfake!, ["-1", "-p", "-q", "-s", "38400", "-r", #"?WATCH={"json":true}"#, path])
    }

    /// Runs `program` and returns its standard output.
    ///
    /// Spawned with an empty signal mask and default handlers: the dispatch thread this runs on
    /// blocks every signal, `Process` passes that mask on, and gpsfake then waits forever for
    /// the SIGCHLD-driven handshake with its gpsd.
    private static func run(_ program: String, _ arguments: [String]) throws -> String {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        defer { close(ends[0]) }
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
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, &attributes, argv, environ)
        close(ends[1])
        guard spawned == 0 else { throw POSIXError(.init(rawValue: spawned) ?? .EIO) }
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
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
