import POSIXSupport

/// Why a caster could not start, with what to do.
public enum NTRIPCasterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The address to listen on has no address (`getaddrinfo` failed).
    case unknownHost(String)
    /// The socket could not listen: `EADDRINUSE` (another server has the port), `EACCES` (a
    /// port below 1024 without privilege)...
    case cannotListen(host: String, port: UInt16, errno: CInt)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .unknownHost(let host):
            "cannot listen on \(host): no such address"
        case .cannotListen(let host, let port, let errno):
            "cannot listen on \(host):\(port) (\(Errno(errno))): choose another port, or stop the server that has it"
        }
    }
}
