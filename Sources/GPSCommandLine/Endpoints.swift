import CommandLineParsing
import POSIXSupport

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
        self.init(authority: text[...], defaultPort: nil)
    }

    /// Parses a URL's authority: `HOST`, `HOST:PORT`, `[IPv6]` or `[IPv6]:PORT`, with
    /// `defaultPort` when no port is given (`nil`: a port is required). The one parser of
    /// `--listen`, `gpsd://` and `mqtt://`.
    ///
    /// - Returns: `nil` for an empty host, a port that is not a number from 0 to 65535, a
    ///   bracket left open or stray, or an IPv6 address without its brackets.
    public init?(authority text: Substring, defaultPort: UInt16?) {
        let host: Substring, port: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
            port = rest.isEmpty ? nil : rest.dropFirst()
        } else if let colon = text.firstIndex(of: ":") {
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        } else {
            host = text
            port = nil
        }
        guard !host.isEmpty, !host.contains("["), !host.contains("]") else { return nil }
        switch port.map({ UInt16($0) }) {
        case .some(.some(let number)): self.init(host: String(host), port: number)
        case .some(.none): return nil
        case .none:
            guard let defaultPort else { return nil }
            self.init(host: String(host), port: defaultPort)
        }
    }

    /// `HOST:PORT`, an IPv6 address in brackets.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

/// `gpsd://HOST[:PORT][/DEVICE]`: a running gpsd (port 2947 unless given), and optionally
/// which of its devices to read.
public struct GPSDURL: Equatable, Sendable {
    /// gpsd's host: an IPv4 address, a name, or an IPv6 address (written in brackets).
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

    /// Parses a `gpsd://` URL (`gpsd://[::1]:2948/dev/ttyACM0` for IPv6); `nil` for anything
    /// else, or an authority `HostAndPort(authority:defaultPort:)` refuses.
    public init?(_ text: String) {
        guard text.hasPrefix(Self.scheme) else { return nil }
        let rest = text.dropFirst(Self.scheme.count)
        let slash = rest.firstIndex(of: "/")
        guard let endpoint = HostAndPort(authority: rest[..<(slash ?? rest.endIndex)], defaultPort: 2947) else { return nil }
        host = endpoint.host
        port = endpoint.port
        device = slash.map { String(rest[$0...]) }.flatMap { $0 == "/" ? nil : $0 }
    }
}

extension ValueKind where Value == HostAndPort {
    /// `HOST:PORT`.
    static let hostAndPort = ValueKind(expectation: "HOST:PORT, such as 127.0.0.1:2947 or [::1]:2947", parse: HostAndPort.init)
}

extension ValueKind where Value == FilePath {
    /// A device path, its bytes as given (UTF-8 or not), or a `gpsd://` URL that parses.
    static let deviceOrGPSD = ValueKind(
        expectation: "a device path or gpsd://HOST[:PORT][/DEVICE]",
        parseBytes: { deviceOrURL($0, schemes: [GPSDURL.scheme]) })

    /// A device path (its bytes as given), a `gpsd://` URL or an `mqtt://` URL that parses: what
    /// `gps read` reads.
    static let readSource = ValueKind(
        expectation: "a device path, gpsd://HOST[:PORT][/DEVICE] or mqtt://[USER:PASS@]HOST[:PORT]/TOPIC",
        parseBytes: { deviceOrURL($0, schemes: [GPSDURL.scheme, MQTTURL.scheme]) })

    /// `bytes` as a device path, or as a URL of one of `schemes`; `nil` when they are empty or
    /// begin with one of `schemes` without being a URL that parses.
    private static func deviceOrURL(_ bytes: [UInt8], schemes: [String]) -> FilePath? {
        guard !bytes.isEmpty else { return nil }
        let path = FilePath(bytes: bytes)
        guard let text = path.string else { return path }
        if schemes.contains(GPSDURL.scheme), text.hasPrefix(GPSDURL.scheme) { return GPSDURL(text) == nil ? nil : path }
        if schemes.contains(MQTTURL.scheme), text.hasPrefix(MQTTURL.scheme) { return MQTTURL(text) == nil ? nil : path }
        return path
    }
}
