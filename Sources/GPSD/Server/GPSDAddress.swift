/// A TCP endpoint, `HOST:PORT` (`[IPv6]:PORT`), as `--listen` and `gpsd://` name them.
public struct GPSDAddress: Hashable, Sendable, CustomStringConvertible {
    /// A dotted quad, an IPv6 address (without brackets) or a host name (resolved when used).
    public var host: String
    /// The TCP port; 0 for a server lets the system choose one.
    public var port: UInt16

    /// gpsd's port.
    public static let defaultPort: UInt16 = 2947

    /// Where `gps serve` listens unless told: loopback, gpsd's port.
    public static let loopback = GPSDAddress(host: "127.0.0.1", port: defaultPort)

    /// IPv6 loopback, gpsd's port: where gpsd listens too by default.
    public static let loopbackIPv6 = GPSDAddress(host: "::1", port: defaultPort)

    /// An endpoint.
    public init(host: String, port: UInt16 = defaultPort) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT`, `[IPv6]:PORT`, `HOST` (gpsd's port) or `:PORT` (loopback); `nil`
    /// when the port is not a number from 0 to 65535 or the host is empty.
    public init?(parsing text: String) {
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            let host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            guard !host.isEmpty else { return nil }
            if rest.isEmpty { self.init(host: host); return }
            guard rest.hasPrefix(":"), let port = UInt16(rest.dropFirst()) else { return nil }
            self.init(host: host, port: port)
            return
        }
        guard let colon = text.lastIndex(of: ":") else {
            guard !text.isEmpty else { return nil }
            self.init(host: text)
            return
        }
        guard let port = UInt16(text[text.index(after: colon)...]) else { return nil }
        let host = String(text[..<colon])
        self.init(host: host.isEmpty ? GPSDAddress.loopback.host : host, port: port)
    }

    /// Whether only this machine can reach it (127.0.0.0/8, `::1` or `localhost`).
    public var isLoopback: Bool {
        host == "localhost" || host.hasPrefix("127.") || host == "::1"
    }

    /// `HOST:PORT`, an IPv6 address in brackets.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
