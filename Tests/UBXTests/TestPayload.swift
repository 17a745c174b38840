import UBX

/// A payload built field by field at the offsets of u-blox's interface description, apart from
/// the decoders' own reads.
struct TestPayload {
    var bytes: [UInt8]

    /// `count` zero bytes.
    init(count: Int) { bytes = [UInt8](repeating: 0, count: count) }

    /// The payload `bytes`.
    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Writes `value`'s low `size` bytes, little-endian, at `offset`.
    mutating func put(_ value: Int64, at offset: Int, size: Int) {
        for index in 0..<size { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
    }

    /// Runs `body` on a message of `id` whose payload is the first `count` bytes (all of them
    /// when `nil`).
    func message<T>(_ id: UBXMessageID, count: Int? = nil, _ body: (UBXMessage) throws -> T) rethrows -> T {
        try bytes.prefix(count ?? bytes.count).withUnsafeBytes { try body(UBXMessage(id: id, payload: $0)) }
    }
}
