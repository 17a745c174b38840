/// `ntrip://[USER:PASS@]HOST[:PORT]/MOUNT`: a caster (port 2101 unless given), optional
/// credentials (sent as HTTP Basic), and a mountpoint; with no mountpoint (`ntrip://HOST/`),
/// the caster's source table.
///
/// ```swift
/// let url = NTRIPURL("ntrip://alice:secret@caster.example.org/NEAR")  // port 2101
/// ```
public struct NTRIPURL: Hashable, Sendable, CustomStringConvertible {
    /// The port casters listen on unless the URL says otherwise: 2101, IANA's `ntrip`.
    public static let defaultPort: UInt16 = 2101
    /// `ntrip://`.
    public static let scheme = "ntrip://"

    /// The caster's host: a name, an IPv4 address, or an IPv6 address (written in brackets in
    /// the URL, without them here).
    public var host: String
    /// The caster's TCP port.
    public var port: UInt16
    /// The user name, when the URL gives one.
    public var username: String?
    /// The password, when the URL gives one.
    public var password: String?
    /// The mountpoint without its slash; empty for the source table.
    public var mountpoint: String

    /// A URL's parts.
    public init(host: String, port: UInt16 = NTRIPURL.defaultPort, username: String? = nil, password: String? = nil, mountpoint: String) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.mountpoint = mountpoint
    }

    /// Parses an `ntrip://` URL; `nil` for another scheme, an empty host or user name, a port
    /// outside 1–65535, or a mountpoint with a `/`, a space or a control character.
    /// `%XX` escapes in the user name and password are decoded, so a password can hold `@` or `:`.
    public init?(_ text: String) {
        guard text.hasPrefix(Self.scheme) else { return nil }
        let rest = text.dropFirst(Self.scheme.count)
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let path = slash == rest.endIndex ? "" : rest[rest.index(after: slash)...]
        guard path.allSatisfy({ $0 != "/" && $0 != " " && !($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) })
        else { return nil }
        mountpoint = String(path)
        var authority = rest[..<slash]
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            authority = authority[authority.index(after: at)...]
            let colon = userInfo.firstIndex(of: ":")
            guard let user = Self.percentDecoded(userInfo[..<(colon ?? userInfo.endIndex)]), !user.isEmpty else { return nil }
            username = user
            if let colon {
                guard let secret = Self.percentDecoded(userInfo[userInfo.index(after: colon)...]) else { return nil }
                password = secret
            }
        }
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
        } else if let colon = authority.firstIndex(of: ":") {
            host = String(authority[..<colon])
            portText = authority[authority.index(after: colon)...]
        } else {
            host = String(authority)
        }
        guard !host.isEmpty else { return nil }
        if let portText {
            guard portText.allSatisfy(\.isASCII), let number = UInt16(portText), number > 0 else { return nil }
            port = number
        } else {
            port = Self.defaultPort
        }
    }

    /// Whether the URL names a mountpoint rather than the source table.
    public var hasMountpoint: Bool { !mountpoint.isEmpty }

    /// The URL without the password (`ntrip://alice@caster.example.org:2101/NEAR`): what logs
    /// and messages show.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return Self.scheme + (username.map { "\($0)@" } ?? "") + "\(shownHost):\(port)/\(mountpoint)"
    }

    /// `text` with its `%XX` escapes decoded; `nil` when an escape is malformed or the bytes are
    /// not UTF-8.
    private static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
