/// ACK-ACK (`0x05 0x01`) or ACK-NAK (`0x05 0x00`): the receiver's answer to a CFG command,
/// naming the command it answers by class and id.
///
/// Only CFG messages are acknowledged; a poll is answered by the message polled (a poll the
/// receiver does not know, by ACK-NAK).
public struct UBXAcknowledgement: Hashable, Sendable {
    /// Whether the command was accepted (ACK-ACK) or refused (ACK-NAK).
    public var isAccepted: Bool
    /// The class and id of the command answered.
    public var answered: UBXMessageID

    /// The answer `isAccepted` to `answered`.
    public init(isAccepted: Bool, answered: UBXMessageID) {
        self.isAccepted = isAccepted
        self.answered = answered
    }

    /// Decodes an ACK-ACK or an ACK-NAK of 2 bytes.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for any other message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for fewer than 2 bytes.
    public init(_ message: UBXMessage) throws(UBXError) {
        guard message.id == .ackACK || message.id == .ackNAK else { throw .unexpectedMessage(message.id) }
        try message.require(2)
        isAccepted = message.id == .ackACK
        answered = UBXMessageID(message.u1(0), message.u1(1))
    }

    /// The whole frame, as a receiver sends it: ACK-ACK or ACK-NAK with the class and id answered.
    public var frame: [UInt8] {
        UBXFrame.encode(isAccepted ? .ackACK : .ackNAK, payload: [answered.messageClass, answered.id])
    }
}
