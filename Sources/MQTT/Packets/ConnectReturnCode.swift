/// CONNACK's return code (§3.2.2.3): 0 accepts the connection, 1 to 5 refuse it.
public enum ConnectReturnCode: UInt8, Sendable, Hashable {
    /// The connection is accepted.
    case accepted = 0
    /// The broker does not speak MQTT 3.1.1 (protocol level 4).
    case unacceptableProtocolVersion = 1
    /// The client id is refused (too long, or empty with a persistent session).
    case identifierRejected = 2
    /// The broker is up but the MQTT service is not available.
    case serverUnavailable = 3
    /// The user name or password is wrong, or missing where the broker wants them.
    case badUsernameOrPassword = 4
    /// The user may not connect (an ACL, `allow_anonymous false` without credentials).
    case notAuthorized = 5
}
