/// A UBX message that decodes from a ``UBXMessage`` into plain values, in the units the
/// interface description gives (each field documents its scaling).
///
/// Decoders read only within the payload: a short or lying length is an error, never a read
/// past the frame. A field the receiver marks invalid (a flag, or an accuracy of all ones)
/// is `nil`.
public protocol UBXMessageDecodable: Sendable {
    /// The class and id this decoder accepts, such as ``UBXMessageID/navPVT``.
    static var messageID: UBXMessageID { get }

    /// Decodes `message`.
    ///
    /// - Throws: ``UBXError/unexpectedMessage(_:)`` for another message,
    ///   ``UBXError/payloadLength(_:expected:actual:)`` for a payload too short.
    init(_ message: UBXMessage) throws(UBXError)
}
