import CommandLineParsing

/// `mqtt://[USER:PASS@]HOST[:PORT]/TOPIC`: a broker (port 1883 unless given, no TLS), optional
/// credentials, and a topic (for `gps read`, a filter with `+` and `#` wildcards).
public struct MQTTURL: Equatable, Sendable {
    /// The broker's host: an IPv4 address, a name, or an IPv6 address (written in brackets).
    public var host: String
    /// The broker's TCP port.
    public var port: UInt16
    /// The user name, when the URL gives one.
    public var username: String?
    /// The password, when the URL gives one.
    public var password: String?
    /// The topic or filter, without the leading slash; never empty.
    public var topic: String

    /// `mqtt://`.
    public static let scheme = "mqtt://"

    /// A URL's parts.
    public init(host: String, port: UInt16 = 1883, username: String? = nil, password: String? = nil, topic: String) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.topic = topic
    }

    /// Parses an `mqtt://` URL; `nil` for anything else, an empty topic or user name, or an
    /// authority `HostAndPort(authority:defaultPort:)` refuses.
    public init?(_ text: String) {
        guard text.hasPrefix(Self.scheme) else { return nil }
        let rest = text.dropFirst(Self.scheme.count)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        topic = String(rest[rest.index(after: slash)...])
        var authority = rest[..<slash]
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            authority = authority[authority.index(after: at)...]
            if let colon = userInfo.firstIndex(of: ":") {
                username = String(userInfo[..<colon])
                password = String(userInfo[userInfo.index(after: colon)...])
            } else {
                username = String(userInfo)
            }
            guard username?.isEmpty == false else { return nil }
        }
        guard let endpoint = HostAndPort(authority: authority, defaultPort: 1883) else { return nil }
        host = endpoint.host
        port = endpoint.port
        guard !topic.isEmpty else { return nil }
    }

    /// Whether the topic has a wildcard (`+`, `#`), which only a reader may follow.
    public var hasWildcard: Bool { topic.contains("+") || topic.contains("#") }
}

extension ValueKind where Value == MQTTURL {
    /// A broker and a topic to publish to: no wildcards.
    static let publishURL = ValueKind(expectation: "mqtt://[USER:PASS@]HOST[:PORT]/TOPIC, a topic without + or #") { text in
        MQTTURL(text).flatMap { $0.hasWildcard ? nil : $0 }
    }
}
