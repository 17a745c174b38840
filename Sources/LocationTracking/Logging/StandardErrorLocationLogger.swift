import Glibc
import POSIXSupport

/// A logger that writes one line per message, at or above a level, to a file descriptor (standard
/// error by default): `[LocationTracking] warning: message`.
public struct StandardErrorLocationLogger: LocationLogger {
    /// The least important level written.
    public let minimumLevel: LogLevel
    private let descriptor: Int32

    /// Creates a logger.
    ///
    /// - Parameters:
    ///   - minimumLevel: The least important level written; default `.warning`.
    ///   - descriptor: The open file descriptor lines go to; default standard error. The logger
    ///     does not close it.
    public init(minimumLevel: LogLevel = .warning, descriptor: Int32 = STDERR_FILENO) {
        self.minimumLevel = minimumLevel
        self.descriptor = descriptor
    }

    /// Writes the message when `level` is at least `minimumLevel`; write failures are ignored,
    /// as a logger has nowhere to report them.
    public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        guard level >= minimumLevel else { return }
        var line = "[LocationTracking] \(level): \(message())\n"
        _ = line.withUTF8 { Syscalls.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    }
}

extension LocationLogger where Self == StandardErrorLocationLogger {
    /// A logger writing messages at or above `minimumLevel` to standard error.
    ///
    /// - Parameter minimumLevel: The least important level written; default `.warning`.
    public static func standardError(minimumLevel: LogLevel = .warning) -> StandardErrorLocationLogger {
        StandardErrorLocationLogger(minimumLevel: minimumLevel)
    }
}
