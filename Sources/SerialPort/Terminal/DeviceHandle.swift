import Glibc
import POSIXSupport

/// An open, locked, raw-mode terminal descriptor and the settings to restore on release.
///
/// The C-level open sequence lives here so `SerialPort` reads as policy, not plumbing.
struct DeviceHandle: Sendable {
    let fd: CInt
    let path: String
    /// The device number (`st_rdev`); `nil` when `fstat` failed.
    let device: dev_t?
    private let original: termios

    /// Opens `path` non-blocking, takes exclusive access, and applies `configuration`; errors
    /// name the path as `FilePath.description` writes it.
    ///
    /// What is not a serial device, or is a console, is refused before it is opened, and again
    /// on the descriptor (the path may have changed between): its settings are never touched.
    /// The lock comes before any setting changes, so a port that is busy keeps its owner's
    /// settings. `TIOCEXCL` stops other users; the `flock` also stops root, which
    /// `TIOCEXCL` lets through. A device this process is closing is waited for, up to 5 s, when
    /// the open finds it busy or the lock finds it held (`ClosingDevices`).
    static func open(_ file: FilePath, _ configuration: SerialPort.Configuration) throws(SerialPortError) -> DeviceHandle {
        let path = file.description
        guard configuration.baudRate.isStandard else {
            throw .unsupportedBaudRate(path: path, baudRate: configuration.baudRate)
        }
        // Nothing there (or not searchable): `open` says which.
        var named: dev_t?
        if case .success(let info) = Syscalls.stat(file) {
            try DeviceNode.check(path, info)
            named = info.st_rdev
        }
        let access = configuration.isReadOnly ? O_RDONLY : O_RDWR
        // A descriptor of this device that this process is closing holds `TIOCEXCL` until it is
        // released, and the kernel refuses any user but root meanwhile (`EBUSY`).
        let fd = try ClosingDevices.retrying(named, whenFailedWith: .EBUSY) {
            Syscalls.retryingOnInterrupt { Syscalls.open(file, access | O_NOCTTY | O_NONBLOCK | O_CLOEXEC) }
        }.get { .opening(path, "open", $0) }
        do {
            // An fstat that fails tells nothing: the terminal calls below still refuse a non-tty.
            var device: dev_t?
            if case .success(let info) = Syscalls.fstat(fd) {
                try DeviceNode.check(path, info)
                device = info.st_rdev
            }
            // Held by a descriptor this process is closing (its release waits for a read still
            // in flight), the lock is taken once that one is released.
            try ClosingDevices.retrying(device, whenFailedWith: .EWOULDBLOCK) {
                Syscalls.retryingOnInterrupt { Syscalls.flock(fd, LOCK_EX | LOCK_NB) }
            }.get { .opening(path, "flock", $0) }
            try Syscalls.ioctl(fd, CInt(TIOCEXCL)).get { .opening(path, "ioctl(TIOCEXCL)", $0) }
            let original = try Syscalls.tcgetattr(fd).get { .opening(path, "tcgetattr", $0) }
            let handle = DeviceHandle(fd: fd, path: path, device: device, original: original)
            try handle.apply(configuration)
            return handle
        } catch {
            _ = Syscalls.close(fd)
            throw error
        }
    }

    /// Sets raw mode with `configuration`'s framing, discards pending bytes, and reads the
    /// settings back: a driver that silently ignored them is an error, not a surprise later.
    func apply(_ configuration: SerialPort.Configuration) throws(SerialPortError) {
        guard let requested = TerminalAttributes.raw(original, configuration) else {
            throw .unsupportedBaudRate(path: path, baudRate: configuration.baudRate)
        }
        try Syscalls.retryingOnInterrupt { Syscalls.tcsetattr(fd, requested) }.get { .transferring(path, "tcsetattr", $0) }
        try Syscalls.tcflush(fd, TCIOFLUSH).get { .transferring(path, "tcflush", $0) }
        let applied = try attributes()
        guard TerminalAttributes.speedMatches(applied, requested) else {
            throw .unsupportedBaudRate(path: path, baudRate: configuration.baudRate)
        }
        guard TerminalAttributes.framingMatches(applied, requested) else {
            throw .system(path: path, operation: "tcsetattr", errno: Errno.EINVAL.rawValue)
        }
    }

    /// The settings the driver holds now.
    func attributes() throws(SerialPortError) -> termios {
        try Syscalls.tcgetattr(fd).get { .transferring(path, "tcgetattr", $0) }
    }

    /// Whether the line speed means anything: not on a pseudo-terminal or a USB CDC-ACM
    /// modem, which carry bytes at USB speed whatever the setting.
    func hasMeaningfulBaudRate() -> Bool {
        guard case .success(let info) = Syscalls.fstat(fd) else { return true }
        let major = Int(info.st_rdev >> 8) & 0xfff
        let ptySlaveMajors = 136...143
        let cdcACMMajor = 166
        return !ptySlaveMajors.contains(major) && major != cdcACMMajor
    }

    /// Restores the original settings, gives up exclusivity and closes. A device that has
    /// gone fails these calls; there is nothing left to restore then, so failures are ignored.
    func release() {
        _ = Syscalls.tcsetattr(fd, original)
        _ = Syscalls.ioctl(fd, CInt(TIOCNXCL))
        _ = Syscalls.flock(fd, LOCK_UN)
        _ = Syscalls.close(fd)
    }
}

extension Result where Failure == Errno {
    /// The value, or the error `makeError` builds from the errno.
    func get(_ makeError: (Errno) -> SerialPortError) throws(SerialPortError) -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let errno): throw makeError(errno)
        }
    }
}
