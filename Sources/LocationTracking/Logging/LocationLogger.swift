/// How much a log message matters, least first.
public enum LogLevel: Int, Comparable, Hashable, Sendable, CaseIterable {
    /// Step-by-step detail of the flow.
    case debug
    /// A notable event: authorization answered, tracking stopped.
    case info
    /// Something was ignored or misused, and the flow carried on.
    case warning
    /// The provider failed.
    case error

    /// Orders levels from `debug` to `error`.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Where the tracking flow reports what it does and what went wrong; inject your own to route
/// messages to your logging system. Library code never prints.
public protocol LocationLogger: Sendable {
    /// Records a message; may be called from any thread.
    ///
    /// - Parameters:
    ///   - level: How much the message matters.
    ///   - message: The text, built only if the logger keeps it.
    func log(_ level: LogLevel, _ message: @autoclosure () -> String)
}

/// A logger that discards everything: the default, so a library never writes to an app's
/// terminal uninvited.
public struct SilentLocationLogger: LocationLogger {
    /// Creates the silent logger.
    public init() {}

    /// Discards the message without building it.
    public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {}
}

extension LocationLogger where Self == SilentLocationLogger {
    /// A logger that discards everything.
    public static var silent: SilentLocationLogger { SilentLocationLogger() }
}
