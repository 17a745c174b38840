extension MQTTURL {
    /// The longest string MQTT 3.1.1 carries (§1.5.3: a two-byte length): 65,535 bytes of UTF-8.
    public static let maximumStringBytes = 65_535

    /// What makes the URL unusable with MQTT 3.1.1, in words for a usage error; `nil` when
    /// nothing does. A topic, user name or password longer than `maximumStringBytes` is refused;
    /// with `asFilter` (a reader's topic), so is a wildcard that is not a whole level (§4.7.1):
    /// `+` alone in its level, `#` alone in the last one.
    public func problem(asFilter: Bool) -> String? {
        let strings = [("the topic", topic), ("the user name", username ?? ""), ("the password", password ?? "")]
        if let (name, text) = strings.first(where: { $0.1.utf8.count > Self.maximumStringBytes }) {
            return Self.tooLong(name, bytes: text.utf8.count)
        }
        guard asFilter else { return nil }
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        for (index, level) in levels.enumerated() {
            if level.contains("#"), level != "#" || index != levels.count - 1 {
                return "in the topic filter \(topic), # must be the whole of the last level (such as fleet/#)"
            }
            if level.contains("+"), level != "+" {
                return "in the topic filter \(topic), + must be a whole level (such as owntracks/+/car)"
            }
        }
        return nil
    }

    /// "the topic is 70000 bytes long; MQTT allows at most 65,535".
    static func tooLong(_ name: String, bytes: Int) -> String {
        "\(name) is \(bytes) bytes long; MQTT allows at most 65,535"
    }
}
