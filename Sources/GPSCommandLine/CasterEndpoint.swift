import CommandLineParsing

/// `gps serve --caster [USER:PASS@][ADDRESS:]PORT/MOUNT`: where a base station's caster listens
/// (every address unless one is given), the mountpoint it serves, and the credentials its
/// clients must give, if any.
public struct CasterEndpoint: Equatable, Sendable {
    /// The address and port to listen on; host `0.0.0.0` (every IPv4 address) unless given.
    public var listen: HostAndPort
    /// The one mountpoint served.
    public var mountpoint: String
    /// The user name clients must give, when any.
    public var username: String?
    /// The password clients must give with `username`.
    public var password: String?

    /// An endpoint's parts.
    public init(listen: HostAndPort, mountpoint: String, username: String? = nil, password: String? = nil) {
        self.listen = listen
        self.mountpoint = mountpoint
        self.username = username
        self.password = password
    }

    /// Parses `[USER:PASS@][ADDRESS:]PORT/MOUNT`; `nil` without a port or a mountpoint, or with
    /// a `/` or space in the mountpoint.
    public init?(_ text: String) {
        guard let slash = text.lastIndex(of: "/") else { return nil }
        mountpoint = String(text[text.index(after: slash)...])
        guard !mountpoint.isEmpty, !mountpoint.contains(" ") else { return nil }
        var authority = text[..<slash]
        if let at = authority.lastIndex(of: "@") {
            let credentials = authority[..<at]
            authority = authority[authority.index(after: at)...]
            guard let colon = credentials.firstIndex(of: ":"), colon != credentials.startIndex else { return nil }
            username = String(credentials[..<colon])
            password = String(credentials[credentials.index(after: colon)...])
        }
        if let port = UInt16(authority), port > 0 {
            listen = HostAndPort(host: "0.0.0.0", port: port)
        } else if let endpoint = HostAndPort(authority: authority, defaultPort: nil) {
            listen = endpoint
        } else {
            return nil
        }
    }
}

extension ValueKind where Value == CasterEndpoint {
    /// A caster's address and mountpoint.
    static let casterEndpoint = ValueKind(
        expectation: "[USER:PASS@][ADDRESS:]PORT/MOUNT, such as 2101/BASE or 127.0.0.1:2101/BASE", parse: CasterEndpoint.init)
}
