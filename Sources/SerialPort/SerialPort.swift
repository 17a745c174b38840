import Locking
import POSIXSupport

/// An open serial device, such as a USB GPS receiver on `/dev/ttyUSB0` or `/dev/ttyACM0`,
/// in raw mode and held exclusively.
///
/// Opening takes exclusive access (`TIOCEXCL` and a non-blocking `flock`, which also stops
/// root), puts the line in raw mode with the requested framing, discards stale bytes, and
/// reads the settings back. Closing restores the settings the device had and releases the
/// lock; it happens at the latest when the port is deinitialized.
///
/// ```swift
/// let port = try SerialPort(path: "/dev/ttyACM0", configuration: .init(baudRate: 9600))
/// for try await chunk in port.chunks() {
///     handle(chunk)
/// }
/// ```
///
/// A port is safe to share between tasks and threads. `close()` wakes any read or write
/// that is waiting, and the descriptor is closed only after they return, so it is never
/// reused under them.
public final class SerialPort: Sendable {
    /// The path the port was opened with, as given (a `/dev/serial/by-id/` link stays a link);
    /// a byte that is not UTF-8 is written `\xFF` (`FilePath.description`).
    public let path: String

    private let handle: DeviceHandle
    let descriptor: SharedDescriptor
    private let currentSettings: LockedState<Configuration>

    /// Opens and configures the serial device at `path`.
    ///
    /// The corresponding C calls are `stat`, `open` (with `O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC`,
    /// or `O_RDONLY` when `configuration.isReadOnly`), `flock`, `ioctl(TIOCEXCL)`,
    /// `tcsetattr`, `tcflush` and `tcgetattr`.
    ///
    /// - Parameters:
    ///   - path: The device, such as `/dev/ttyUSB0` or a `/dev/serial/by-id/` link.
    ///   - configuration: Speed and framing; 9600 8N1 by default.
    /// - Throws: `SerialPortError.permissionDenied`, `.notPermitted`, `.notFound`, `.busy`
    ///   when another process holds the port, `.notASerialDevice` for a directory, a file or
    ///   a device that is no terminal, `.console` for a console (refused before any setting
    ///   is touched),
    ///   `.unsupportedBaudRate` when the rate is not standard or the driver did not keep it,
    ///   or `.system`.
    public convenience init(path: String, configuration: Configuration = Configuration()) throws(SerialPortError) {
        try self.init(path: FilePath(path), configuration: configuration, faults: nil)
    }

    /// Opens and configures the serial device at `path`, a path of bytes that need not be
    /// UTF-8 (`/dev/serial/by-id/\xff…`), as `init(path:configuration:)` does.
    ///
    /// - Throws: What `init(path:configuration:)` throws; errors name the path with each byte
    ///   that is not UTF-8 written `\xFF`.
    public convenience init(path: FilePath, configuration: Configuration = Configuration()) throws(SerialPortError) {
        try self.init(path: path, configuration: configuration, faults: nil)
    }

    /// Opens `path`; every call the port makes sees `faults` (always `nil` in release builds).
    init(path: FilePath, configuration: Configuration, faults: FaultInjection?) throws(SerialPortError) {
        let (handle, hasMeaningfulBaudRate) = try faults.applying { () throws(SerialPortError) in
            let handle = try DeviceHandle.open(path, configuration)
            return (handle, handle.hasMeaningfulBaudRate())
        }
        self.path = handle.path
        self.handle = handle
        // Closing until released: an open of the same device meanwhile waits for the release.
        let device = handle.device
        self.descriptor = try SharedDescriptor(
            fd: handle.fd, path: handle.path, faults: faults,
            onClose: { if let device { ClosingDevices.closing(device) } },
            onRelease: { _ in
                handle.release()
                if let device { ClosingDevices.released(device) }
            })
        self.currentSettings = LockedState(configuration)
        self.hasMeaningfulBaudRate = hasMeaningfulBaudRate
    }

    /// The configuration in force, as last requested and confirmed by the driver.
    public var configuration: Configuration {
        currentSettings.withLock { $0 }
    }

    /// Whether `close()` has been called.
    public var isClosed: Bool {
        descriptor.isClosed
    }

    /// Restores the device's original settings, releases exclusive access, and closes it.
    ///
    /// Idempotent. Reads and writes waiting on other threads return at once: `read(into:timeout:)`
    /// and `write(_:timeout:)` throw `.system` with `EBADF`, `chunks()` ends. The device is
    /// released when the last of them has returned; an open of it meanwhile in this process
    /// waits for that (up to 5 s) rather than finding it busy, except on the event loop's
    /// thread, which such a read or write may need to return. Failures to restore
    /// the settings of a device that has gone are ignored. The corresponding C calls are
    /// `tcsetattr`, `ioctl(TIOCNXCL)`, `flock(LOCK_UN)` and `close`.
    public func close() {
        descriptor.close()
    }

    /// Changes the line speed, keeping the rest of the configuration.
    ///
    /// Pending input and output are discarded, since bytes received at the old speed are noise.
    /// The corresponding C calls are `cfsetspeed`, `tcsetattr`, `tcflush` and `tcgetattr`.
    ///
    /// - Throws: `.unsupportedBaudRate` when `baudRate` is not standard or the driver did not
    ///   keep it, `.disconnected`, or `.system` (`EBADF` once closed).
    public func setBaudRate(_ baudRate: BaudRate) throws(SerialPortError) {
        try descriptor.withDescriptor("tcsetattr") { _ throws(SerialPortError) in
            var configuration = self.configuration
            configuration.baudRate = baudRate
            try handle.apply(configuration)
            currentSettings.withLock { $0 = configuration }
        }
    }

    /// The settings the driver holds now, read back with `tcgetattr`; a speed outside the
    /// standard rates reads as 0.
    ///
    /// - Throws: `.disconnected`, or `.system` (`EBADF` once closed).
    public func currentConfiguration() throws(SerialPortError) -> Configuration {
        try descriptor.withDescriptor("tcgetattr") { _ throws(SerialPortError) in
            TerminalAttributes.configuration(try handle.attributes(), isReadOnly: configuration.isReadOnly)
        }
    }

    /// Whether the line speed means anything for this device: false for pseudo-terminals and
    /// USB CDC-ACM receivers (`/dev/ttyACM*`), which carry bytes at USB speed whatever the rate.
    public let hasMeaningfulBaudRate: Bool
}
