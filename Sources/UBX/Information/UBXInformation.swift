/// INF-ERROR, INF-WARNING, INF-NOTICE, INF-TEST and INF-DEBUG (`0x04 0x00`…`0x04 0x04`): a line
/// of text from the receiver's firmware, such as its version at start-up or a complaint about
/// its antenna.
///
/// The payload is ASCII of any length, with no terminator required; a NUL ends it early, and a
/// byte that is not UTF-8 becomes U+FFFD.
public struct UBXInformation: Hashable, Sendable {
    /// How serious the message is, by its id.
    public enum Level: UInt8, Hashable, Sendable, CaseIterable {
        /// INF-ERROR (`0x00`).
        case error = 0
        /// INF-WARNING (`0x01`).
        case warning = 1
        /// INF-NOTICE (`0x02`).
        case notice = 2
        /// INF-TEST (`0x03`).
        case test = 3
        /// INF-DEBUG (`0x04`).
        case debug = 4

        /// The message id of this level's INF message, such as ``UBXMessageID/infERROR``.
        public var messageID: UBXMessageID { UBXMessageID(0x04, rawValue) }
    }

    /// The level, from the message's id.
    public var level: Level
    /// The text, without a trailing NUL.
    public var text: String

    /// Decodes any of the five INF messages, of any length (an empty one is an empty text).
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for a message that is not INF-ERROR,
    ///   -WARNING, -NOTICE, -TEST or -DEBUG.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id.messageClass == 0x04, let level = Level(rawValue: message.id.id) else {
            throw .unexpectedMessage(message.id)
        }
        self.level = level
        text = message.text(0, count: message.count)
    }

    /// INF-NOTICE; the decoder accepts the other four levels too.
    public static var messageID: UBXMessageID { .infNOTICE }
}

extension UBXInformation: UBXMessageDecodable {}
