import Locking
import POSIXSupport

/// A GPS receiver simulated on a pseudo-terminal: the program under test opens
/// `devicePath` with `SerialPort` exactly as it would open `/dev/ttyACM0`, and the
/// receiver writes NMEA into the other end.
///
/// ```swift
/// let receiver = try VirtualReceiver(linkPath: "/tmp/gps0")
/// let port = try SerialPort(path: receiver.devicePath)
/// try receiver.send(Array("$GPGGA,...*47\r\n".utf8))
/// ```
///
/// `unplug()`, or deinitialization, closes the pseudo-terminal: readers of the device see
/// the hang-up a real unplug causes, `SerialPortError.disconnected`. Setting `baudRate` makes
/// the receiver talk at one speed, so a program that set its port to another reads garbage.
public final class VirtualReceiver: Sendable {
    /// The device path of the simulated receiver, the pseudo-terminal's slave (`/dev/pts/N`).
    public let devicePath: String
    /// The stable symbolic link to `devicePath` made at creation, if one was asked for; a byte
    /// that is not UTF-8 is written `\xFF` (`FilePath.description`).
    public let linkPath: String?
    /// The link's bytes, as it was asked for.
    private let link: FilePath?

    let master: SharedDescriptor
    let slave: CInt
    let talkingSpeed = LockedState<SerialPort.BaudRate?>(nil)
    /// Whether `unplug()` has run; its link is removed by the first call alone.
    private let unplugged = LockedState(false)

    /// Creates a pseudo-terminal pair and, if `linkPath` is given, a symbolic link to its slave.
    ///
    /// The slave starts in raw mode. A stale symbolic link at `linkPath` is replaced; any
    /// other file there is left alone and is an error. The corresponding C functions are
    /// `posix_openpt` (close-on-exec, so no child spawned meanwhile keeps the device plugged
    /// in), `grantpt`, `unlockpt`, `ptsname_r`, `open`, `ttyname_r` and `symlink`.
    ///
    /// - Parameter linkPath: Where to put a stable name for the device, such as `/tmp/gps0`.
    /// - Throws: `SerialPortError.system` naming the failed call, or the `open`-style errors
    ///   (`permissionDenied`...) for `linkPath`.
    public convenience init(linkPath: String? = nil) throws(SerialPortError) {
        try self.init(link: linkPath.map { FilePath($0) })
    }

    /// Creates a pseudo-terminal pair and, if `link` is given, a symbolic link to its slave,
    /// as `init(linkPath:)` does; `link` is bytes that need not be UTF-8.
    ///
    /// - Throws: What `init(linkPath:)` throws; errors name the link with each byte that is not
    ///   UTF-8 written `\xFF`.
    public init(link: FilePath?) throws(SerialPortError) {
        let (master, slave) = try TerminalAttributes.openRawPseudoTerminal()
            .get { .system(path: "/dev/ptmx", operation: "openpty", errno: $0.rawValue) }
        do {
            devicePath = try Syscalls.ttyname(slave)
                .get { .system(path: "/dev/ptmx", operation: "ttyname_r", errno: $0.rawValue) }
            if let link { try Self.link(link, to: devicePath) }
        } catch {
            _ = Syscalls.close(master)
            _ = Syscalls.close(slave)
            throw error
        }
        self.link = link
        self.linkPath = link?.description
        self.slave = slave
        let devicePath = devicePath
        // The receiver keeps its own slave descriptor open so the pair stays whole while no
        // program has the device open: bytes sent then wait in the slave's input queue.
        self.master = try SharedDescriptor(fd: master, path: devicePath) { master in
            _ = Syscalls.close(master)
            _ = Syscalls.close(slave)
        }
    }

    deinit {
        unplug()
    }

    /// Whether `unplug()` has been called.
    public var isUnplugged: Bool {
        master.isClosed
    }

    /// Unplugs the receiver: closes the pseudo-terminal and removes the link. Idempotent;
    /// also happens on deinitialization. Programs reading the device get `.disconnected`.
    public func unplug() {
        // The link goes first and here: the descriptors are released only once a send in
        // progress returns, and whoever sees `isUnplugged` must not find the link still there.
        // Only the first call removes it: once the pseudo-terminal is closed its pts number is
        // free, and a receiver plugged in at the same link may have it, so a second call (from
        // deinit, say) would find the link pointing at "its" device and take the new one's.
        let isFirstCall = unplugged.withLock { wasUnplugged in
            defer { wasUnplugged = true }
            return !wasUnplugged
        }
        if isFirstCall { removeLink() }
        master.close()
    }

    /// Removes the link if it still points to the device (a later receiver may have taken
    /// the name).
    private func removeLink() {
        if let link, case .success(FilePath(devicePath)) = Syscalls.readlink(link) {
            _ = Syscalls.unlink(link)
        }
    }

    /// Sends `bytes` to the program at once, as if the receiver had just emitted them.
    ///
    /// The corresponding C functions are `write` and `poll`.
    ///
    /// - Parameter timeout: The longest wait for room when the program is not reading and
    ///   the pseudo-terminal's queue is full; 1 second by default.
    /// - Throws: `.system` with `ETIMEDOUT` when bytes are left unsent at the timeout, or
    ///   `EBADF` once unplugged.
    public func send(_ bytes: some Sequence<UInt8>, timeout: Duration = .seconds(1)) throws(SerialPortError) {
        let bytes = try onTheLine(Array(bytes))
        let sent = try master.send(bytes[...], until: ContinuousClock.now.advanced(by: timeout))
        guard sent == bytes.count else {
            throw .system(path: devicePath, operation: "write", errno: Errno.ETIMEDOUT.rawValue)
        }
    }

    /// How many bytes sent to the device the program has not read yet.
    ///
    /// Unplugging discards them, as a real unplug does: wait for 0 first to be sure the
    /// program got everything. The corresponding C call is `ioctl(FIONREAD)` on the slave.
    ///
    /// - Throws: `.system` with `EBADF` once unplugged.
    public func unreadByteCount() throws(SerialPortError) -> Int {
        try master.withDescriptor("ioctl(FIONREAD)") { _ throws(SerialPortError) in
            try Syscalls.queuedInput(slave).get { .system(path: devicePath, operation: "ioctl(FIONREAD)", errno: $0.rawValue) }
        }
    }

    /// Reads what the program wrote to the device (receiver commands), waiting up to
    /// `timeout` for the first byte.
    ///
    /// The corresponding C functions are `poll` and `read`.
    ///
    /// - Returns: The number of bytes read; 0 when the timeout passed.
    /// - Throws: `.system` with `EBADF` once unplugged.
    public func read(into buffer: UnsafeMutableRawBufferPointer, timeout: Duration?) throws(SerialPortError) -> Int {
        let deadline = timeout.map { ContinuousClock.now.advanced(by: $0) }
        switch try master.receive(into: buffer, until: deadline) {
        case .bytes(let count): return count
        case .timedOut: return 0
        case .closed: throw .system(path: devicePath, operation: "read", errno: Errno.EBADF.rawValue)
        }
    }

    private static func link(_ link: FilePath, to devicePath: String) throws(SerialPortError) {
        if case .success = Syscalls.readlink(link) {
            _ = Syscalls.unlink(link)  // a stale link from an earlier run
        }
        try Syscalls.symlink(FilePath(devicePath), at: link).get { .opening(link.description, "symlink", $0) }
    }
}
