import FoundationEssentials
import Glibc
import Locking
import POSIXSupport

/// gpsd's control socket (`gpsd -F PATH`): a Unix stream socket where `gpsdctl add /dev/x`
/// (with `GPSD_SOCKET=PATH`) and udev's hotplug rules add and remove devices while the server
/// runs. Each line is a `GPSDControlCommand`, handed to `handle`, and answered `OK` or `ERROR`
/// as gpsd 3.22 answers; anything else gets `ERROR` and changes nothing.
///
/// A line longer than `GPSDControlCommand.maximumLength` is answered `ERROR` and discarded up
/// to its end; at most `clientLimit` clients are served at once (one more is closed at once),
/// and one that does not read its answers is closed: garbage costs a fixed amount of memory.
/// A task on the `EventLoop` serves it until `stop()`, which also removes the socket file.
///
/// ```swift
/// let control = try GPSDControlSocket(path: "/run/gps/control.sock") { command in
///     switch command { case .add(let path): ...; return .ok ... }
/// }
/// ```
public final class GPSDControlSocket: Sendable {
    /// The socket's path; a byte that is not UTF-8 is written `\xFF` (`FilePath.description`).
    public let path: String
    /// The socket's path as bytes, as it was made.
    private let file: FilePath
    /// The most clients served at once.
    public let clientLimit: Int
    private let listener: CInt
    private let service: LoopService
    private let handle: @Sendable (GPSDControlCommand) -> GPSDControlAnswer
    private let state = LockedState(State())

    private struct State {
        var isListenerClosed = false
    }

    /// One client's line being read.
    private struct Client {
        var line: [UInt8] = []
        var isDiscarding = false
    }

    /// Makes the socket at `path` (mode 0660; a socket file left there by a server that died is
    /// replaced) and starts serving.
    ///
    /// - Parameters:
    ///   - path: Where; at most 107 bytes, as a Unix socket's path.
    ///   - clientLimit: The most clients at once; 16 by default.
    ///   - handle: Carries out each command, on the event loop's thread: return quickly.
    /// - Throws: `GPSDError.cannotControl` (a file that is not a socket is there: `EEXIST`; the
    ///   directory is missing or not writable), `.system`.
    public convenience init(
        path: String, clientLimit: Int = 16, handle: @escaping @Sendable (GPSDControlCommand) -> GPSDControlAnswer
    ) throws(GPSDError) {
        try self.init(path: FilePath(path), clientLimit: clientLimit, handle: handle)
    }

    /// Makes the socket at `path`, bytes that need not be UTF-8, and starts serving, as
    /// `init(path:clientLimit:handle:)` does with a `String`.
    ///
    /// - Throws: What the `String` form throws; errors name the path with each byte that is
    ///   not UTF-8 written `\xFF`.
    public init(
        path: FilePath, clientLimit: Int = 16, handle: @escaping @Sendable (GPSDControlCommand) -> GPSDControlAnswer
    ) throws(GPSDError) {
        let service = try LoopService()
        switch Sockets.listen(onUnixPath: path) {
        case .success(let fd): listener = fd
        case .failure(let error): throw error
        }
        self.path = path.description
        self.file = path
        self.clientLimit = clientLimit
        self.service = service
        self.handle = handle
        service.start { [self] in await serve() }
    }

    /// Stops serving, closes every client and removes the socket file; returns once done, the
    /// caller suspended meanwhile, never a thread blocked. Calling it again waits the same and
    /// does nothing more.
    public func stop() async {
        await service.stop()
    }

    /// Stops serving, closes every client and removes the socket file, without waiting: it may not be done when this returns. For a caller that cannot
    /// await, such as a `deinit`.
    @available(*, deprecated, message: "await stop(), which returns once it is done")
    public func stop() {
        service.beginStopping()
    }

    private func serve() async {
        var clients: [CInt: Client] = [:]
        var input = [UInt8](repeating: 0, count: 1024)
        while !service.isStopping {
            var fds = [pollfd(fd: service.wake.readEnd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            fds += clients.keys.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard case .ready(let revents) = await EventLoop.shared.wait(for: fds, until: nil), !service.isStopping else { break }
            if revents[0] != 0 { service.wake.drain() }
            if revents[1] != 0 { accept(into: &clients) }
            for (index, entry) in fds.enumerated().dropFirst(2) where revents[index] != 0 {
                let result = input.withUnsafeMutableBytes { buffer in
                    Syscalls.retryingOnInterrupt { Syscalls.read(entry.fd, buffer) }
                }
                var keep = false
                if case .success(let count) = result, count > 0 {
                    keep = read(input[..<count], from: entry.fd, client: &clients[entry.fd]!)
                } else if !clients[entry.fd]!.line.isEmpty {
                    // A last line without its line ending is answered as the client leaves.
                    _ = read([0x0A], from: entry.fd, client: &clients[entry.fd]!)
                }
                if !keep {
                    clients[entry.fd] = nil
                    _ = Syscalls.close(entry.fd)
                }
            }
        }
        for fd in clients.keys { _ = Syscalls.close(fd) }
        closeListener()
    }

    /// Closes the listener and removes the socket file, the first time.
    private func closeListener() {
        let isFirst = state.withLock { state in
            defer { state.isListenerClosed = true }
            return !state.isListenerClosed
        }
        guard isFirst else { return }
        _ = Syscalls.close(listener)
        _ = Syscalls.unlink(file)
    }

    private func accept(into clients: inout [CInt: Client]) {
        while case .success(let fd) = Syscalls.retryingOnInterrupt({ Syscalls.accept(listener) }) {
            if clients.count >= clientLimit {
                _ = Syscalls.close(fd)
            } else {
                clients[fd] = Client()
            }
        }
    }

    /// Answers each whole line in `bytes`; false when the client must be closed (it does not
    /// take its answers).
    private func read(_ bytes: ArraySlice<UInt8>, from fd: CInt, client: inout Client) -> Bool {
        for byte in bytes {
            if byte == 0x0A {
                let answer: GPSDControlAnswer = client.isDiscarding
                    ? .error
                    : GPSDControlCommand(parsing: client.line.last == 0x0D ? client.line.dropLast() : client.line[...]).map(handle) ?? .error
                client.line.removeAll(keepingCapacity: true)
                client.isDiscarding = false
                guard send(answer.bytes, to: fd) else { return false }
            } else if client.line.count < GPSDControlCommand.maximumLength {
                client.line.append(byte)
            } else {
                client.isDiscarding = true
            }
        }
        return true
    }

    /// Sends a whole answer at once; false when the socket did not take it all.
    private func send(_ bytes: [UInt8], to fd: CInt) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard case .success(let sent) = Syscalls.retryingOnInterrupt({ Syscalls.send(fd, buffer) }) else { return false }
            return sent == buffer.count
        }
    }
}
