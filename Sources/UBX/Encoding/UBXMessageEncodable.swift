/// A UBX message that encodes into a payload, so it can be written to a receiver (a command)
/// or, by a simulated receiver, sent as an answer.
public protocol UBXMessageEncodable: Sendable {
    /// The class and id of the message this encodes, such as ``UBXMessageID/cfgRATE``.
    static var messageID: UBXMessageID { get }

    /// The payload, little-endian, as the interface description lays it out.
    var payload: [UInt8] { get }
}

extension UBXMessageEncodable {
    /// The whole frame: header, payload and checksum (``UBXFrame/encode(_:payload:)``).
    public var frame: [UInt8] { UBXFrame.encode(Self.messageID, payload: payload) }

    /// The poll of this message: its header with an empty payload, which asks the receiver to
    /// send it.
    public static var poll: [UInt8] { UBXFrame.poll(messageID) }
}
