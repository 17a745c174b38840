import Foundation

/// A logger that writes one line per message, at or above a level, to a file handle (standard
/// error by default): `[LocationTracking] warning: message`.
public struct StandardErrorLocationLogger: LocationLogger {
    /// The least important level written.
    public let minimumLevel: LogLevel
    private let handle: FileHandle

    /// Creates a logger.
    ///
    /// - Parameters:
    ///   - minimumLevel: The least important level written; default `.warning`.
    ///   - handle: Where lines go; default standard error.
    public init(minimumLevel: LogLevel = .warning, handle: FileHandle = .standardError) {
        self.minimumLevel = minimumLevel
        self.handle = handle
    }

    /// Writes the message when `level` is at least `minimumLevel`; write failures are ignored,
    /// as a logger has nowhere to report them.
    public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        guard level >= minimumLevel else { return }
        try? handle.write(contentsOf: Data("[LocationTracking] \(level): \(message())\n".utf8))
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
