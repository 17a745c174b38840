/// Why talking to a broker failed; each description says what to do.
public enum MQTTError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No address for the broker's host name.
    case unknownHost(BrokerAddress)
    /// Nothing listens there (`ECONNREFUSED`): the broker is not running, or on another port.
    case connectionRefused(BrokerAddress)
    /// The TCP connection could not be made (no route, timed out...), with the errno.
    case connectionFailed(BrokerAddress, errno: CInt)
    /// Connected, but no CONNACK came within the timeout, in seconds: not an MQTT broker, or a hung one.
    case noAnswer(BrokerAddress, afterSeconds: Double)
    /// The broker closed the connection before or instead of answering CONNECT.
    case closedDuringHandshake(BrokerAddress)
    /// The broker refused CONNECT with this return code.
    case refused(BrokerAddress, ConnectReturnCode)
    /// The broker refused a subscription (SUBACK 0x80): an ACL denies the topic, or the filter is invalid.
    case subscriptionRefused(BrokerAddress, filter: String)
    /// The connection broke after it was established (the broker stopped, a network outage).
    case connectionLost(BrokerAddress)
    /// The broker accepted the connection and closed it within `withinSeconds`, before it was
    /// steady (`Backoff.steadyUptime`), twice in a row: another client takes over the client
    /// id, or a connection limit.
    case droppedAfterAccepting(BrokerAddress, withinSeconds: Double)
    /// The broker sent bytes that are not MQTT 3.1.1.
    case protocolViolation(BrokerAddress, String)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .unknownHost(let address):
            "cannot resolve the MQTT broker's host \(address.host): check the name in mqtt://\(address)"
        case .connectionRefused(let address):
            "no MQTT broker at \(address) (connection refused): start it (systemctl start mosquitto) or give its port; "
                + "trying again"
        case .connectionFailed(let address, let errno):
            "cannot connect to the MQTT broker at \(address) (errno \(errno)): check the network and the address; trying again"
        case .noAnswer(let address, let seconds):
            "the server at \(address) accepted the connection but sent no CONNACK within \(seconds) s: is it an MQTT broker "
                + "(not TLS-only: use port 1883 or a bridge, docs/Fleet.md)? trying again"
        case .closedDuringHandshake(let address):
            "the MQTT broker at \(address) closed the connection right after CONNECT: it may refuse this client id or "
                + "protocol (MQTT 3.1.1), or limit connections; see its log. Trying again"
        case .refused(let address, let code):
            "the MQTT broker at \(address) refused the connection: " + Self.remedy(for: code)
        case .subscriptionRefused(let address, let filter):
            "the MQTT broker at \(address) refused the subscription to \(filter): check the topic and the broker's ACL "
                + "(mosquitto's acl_file) for this user"
        case .connectionLost(let address):
            "lost the connection to the MQTT broker at \(address): reconnecting"
        case .droppedAfterAccepting(let address, let seconds):
            "the MQTT broker at \(address) accepts the connection and closes it again within "
                + "\(Int(exactly: seconds).map(String.init) ?? String(seconds)) s: another "
                + "client with this client id takes it over (give each its own --client-id), or the broker limits "
                + "connections; see its log. Trying again, waiting longer each time"
        case .protocolViolation(let address, let what):
            "the server at \(address) does not speak MQTT 3.1.1 (\(what)): check the address and port"
        }
    }

    /// What to do about a CONNACK refusal.
    static func remedy(for code: ConnectReturnCode) -> String {
        switch code {
        case .accepted: "accepted"
        case .unacceptableProtocolVersion: "it does not speak MQTT 3.1.1; upgrade the broker (mosquitto 1.3 or later)"
        case .identifierRejected: "it rejected the client id; give another with --client-id"
        case .serverUnavailable: "the MQTT service is unavailable; see the broker's log"
        case .badUsernameOrPassword:
            "bad user name or password; give them as mqtt://USER:PASS@HOST (mosquitto: check password_file, "
                + "mosquitto_passwd -b FILE USER PASS)"
        case .notAuthorized:
            "not authorised: a wrong or missing user name or password (mosquitto 2 answers so for both), or a user "
                + "the broker does not allow; give them as mqtt://USER:PASS@HOST (mosquitto: check password_file, "
                + "mosquitto_passwd -b FILE USER PASS) or allow the user in the broker's ACL"
        }
    }

    /// Whether trying again may succeed without anyone changing anything: not so for refused
    /// credentials, protocols or subscriptions, which are said once and still retried slowly.
    public var isTransient: Bool {
        switch self {
        case .refused(_, let code): code == .serverUnavailable
        case .subscriptionRefused, .unknownHost, .protocolViolation: false
        default: true
        }
    }
}
