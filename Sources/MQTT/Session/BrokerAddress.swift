/// Where a broker listens: `HOST[:PORT]`, port 1883 (MQTT without TLS) unless given.
public struct BrokerAddress: Hashable, Sendable, CustomStringConvertible {
    /// An IPv4 or IPv6 address or a host name, resolved at each connection.
    public var host: String
    /// The TCP port.
    public var port: UInt16

    /// MQTT's port without TLS.
    public static let defaultPort: UInt16 = 1883

    /// An address.
    public init(host: String, port: UInt16 = defaultPort) {
        self.host = host
        self.port = port
    }

    /// `HOST:PORT`, an IPv6 address in brackets.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
