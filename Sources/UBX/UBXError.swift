/// Why a UBX message could not be decoded.
public enum UBXError: Error, Hashable, Sendable {
    /// The decoder was given a message of another class and id.
    case unexpectedMessage(UBXMessageID)
    /// The payload is shorter than the message needs (`expected` bytes, or the size its own
    /// count of repeated blocks implies), or of a size the message never has.
    case payloadLength(UBXMessageID, expected: Int, actual: Int)
    /// The message is of a version this decoder does not read.
    case unsupportedVersion(UBXMessageID, version: UInt8)
    /// A configuration key whose id gives no size for its value (bits 28–30 of 0, 6 or 7), so
    /// nothing after it can be read.
    case unknownKeySize(UBXMessageID, key: UInt32)
}

extension UBXError: CustomStringConvertible {
    /// The reason, as one line.
    public var description: String {
        switch self {
        case .unexpectedMessage(let id): "unexpected \(id) message"
        case .payloadLength(let id, let expected, let actual): "\(id) of \(actual) bytes, where \(expected) were expected"
        case .unsupportedVersion(let id, let version): "\(id) version \(version) is not read"
        case .unknownKeySize(let id, let key): "\(id) holds key 0x\(String(key, radix: 16)), whose id gives no size"
        }
    }
}
