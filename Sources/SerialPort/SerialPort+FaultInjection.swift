#if DEBUG
import POSIXSupport

extension SerialPort {
    /// Opens `path` as `init(path:configuration:)` does, with `faults` forced on every call the
    /// port makes from its open to its close, on whatever thread makes it. Debug builds only:
    /// how tests put EINTR storms, EIO and short reads under code that reads the port on
    /// threads of its own, such as a provider injected with an opener that calls this.
    ///
    /// - Throws: What `init(path:configuration:)` throws, forced errnos included.
    package convenience init(path: FilePath, configuration: Configuration = Configuration(), faults: FaultInjection)
        throws(SerialPortError)
    {
        try self.init(path: path, configuration: configuration, faults: .some(faults))
    }

    /// Opens `path` with `faults`, as the `FilePath` form does.
    package convenience init(path: String, configuration: Configuration = Configuration(), faults: FaultInjection)
        throws(SerialPortError)
    {
        try self.init(path: FilePath(path), configuration: configuration, faults: .some(faults))
    }
}
#endif
