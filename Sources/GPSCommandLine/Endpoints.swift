import CommandLineParsing

/// `HOST:PORT`, as `gps serve --listen` takes it (an IPv4 address or a name, or an IPv6
/// address in brackets, `[::1]:2947`; port 0–65535).
public struct HostAndPort: Equatable, Sendable, CustomStringConvertible {
    /// An IPv4 address, an IPv6 address (without its brackets) or a host name.
    public var host: String
    /// The TCP port.
    public var port: UInt16

    /// gpsd's address, where `gps serve` listens unless told: loopback only.
    public static let gpsdDefault = HostAndPort(host: "127.0.0.1", port: 2947)

    /// An endpoint.
    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT` or `[IPv6]:PORT`; `nil` when either part is missing, the port is
    /// not a number or a bracket is left open.
    public init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]),
              colon > text.startIndex else { return nil }
        var host = text[..<colon]
        if host.hasPrefix("[") || host.hasSuffix("]") {
            guard host.hasPrefix("["), host.hasSuffix("]"), host.count > 2 else { return nil }
            host = host.dropFirst().dropLast()
        } else if host.contains(":") {
            return nil
        }
        self.init(host: String(host), port: port)
    }

    /// `HOST:PORT`, an IPv6 address in brackets.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

/// `gpsd://HOST[:PORT][/DEVICE]`: a running gpsd (port 2947 unless given), and optionally
/// which of its devices to read.
public struct GPSDURL: Equatable, Sendable {
    /// gpsd's host: an IPv4 address or a name.
    public var host: String
    /// gpsd's TCP port.
    public var port: UInt16
    /// The device path gpsd names it by (`/dev/ttyACM0`), or `nil` for any.
    public var device: String?

    /// `gpsd://`.
    public static let scheme = "gpsd://"

    /// A URL's parts.
    public init(host: String, port: UInt16 = 2947, device: String? = nil) {
        self.host = host
        self.port = port
        self.device = device
    }

    /// Parses a `gpsd://` URL; `nil` for anything else, or an empty host or a bad port.
    public init?(_ text: String) {
        guard text.hasPrefix(Self.scheme) else { return nil }
        let rest = text.dropFirst(Self.scheme.count)
        let slash = rest.firstIndex(of: "/")
        let authority = rest[..<(slash ?? rest.endIndex)]
        device = slash.map { String(rest[$0...]) }.flatMap { $0 == "/" ? nil : $0 }
        if let colon = authority.lastIndex(of: ":") {
            guard let port = UInt16(authority[authority.index(after: colon)...]) else { return nil }
            self.port = port
            host = String(authority[..<colon])
        } else {
            port = 2947
            host = String(authority)
        }
        guard !host.isEmpty else { return nil }
    }
}

extension ValueKind where Value == HostAndPort {
    /// `HOST:PORT`.
    static let hostAndPort = ValueKind(expectation: "HOST:PORT, such as 127.0.0.1:2947 or [::1]:2947", parse: HostAndPort.init)
}

extension ValueKind where Value == String {
    /// A device path, or a `gpsd://` URL that parses.
    static let deviceOrGPSD = ValueKind(expectation: "a device path or gpsd://HOST[:PORT][/DEVICE]") { text in
        guard !text.isEmpty else { return nil }
        return text.hasPrefix(GPSDURL.scheme) && GPSDURL(text) == nil ? nil : text
    }

    /// A device path, a `gpsd://` URL or an `mqtt://` URL that parses: what `gps read` reads.
    static let readSource = ValueKind(
        expectation: "a device path, gpsd://HOST[:PORT][/DEVICE] or mqtt://[USER:PASS@]HOST[:PORT]/TOPIC"
    ) { text in
        guard !text.isEmpty else { return nil }
        if text.hasPrefix(MQTTURL.scheme) { return MQTTURL(text) == nil ? nil : text }
        return text.hasPrefix(GPSDURL.scheme) && GPSDURL(text) == nil ? nil : text
    }
}
