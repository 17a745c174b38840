/// Cuts a byte stream from a broker into packets, in chunks of any size. A packet longer than
/// `maximumPacketSize` is never held: its bytes are skipped as they arrive and it is reported as
/// `.oversized`, so a 10 MB message on a followed topic costs no memory and the connection goes on.
/// Of a skipped PUBLISH only the variable header at its front is kept (`SkippedPublish`), so that
/// the reader can still acknowledge it.
public struct PacketFramer: Sendable {
    /// What the bytes gave.
    public enum Output: Equatable, Sendable {
        /// A whole packet.
        case packet(MQTTPacket)
        /// A packet of `length` bytes after its fixed header, over the limit: skipped unread but
        /// for a PUBLISH's header (`publish`, `nil` for other types or a header that is not whole).
        case oversized(type: UInt8, length: Int, publish: SkippedPublish?)
        /// A packet of the right length whose body does not fit its type: skipped; for a PUBLISH
        /// whose header could still be read (a topic that is not UTF-8), `publish`.
        case undecodable(MQTTPacket.DecodingError, publish: SkippedPublish?)
    }

    /// The stream cannot be framed any more: a remaining length of more than four bytes.
    public struct BrokenStream: Error, Equatable, Sendable {}

    /// The longest packet held, fixed header included, in bytes.
    public let maximumPacketSize: Int
    private var buffer: [UInt8] = []
    private var bytesToSkip = 0

    /// A framer that holds packets of at most `maximumPacketSize` bytes (256 KiB by default).
    public init(maximumPacketSize: Int = 256 * 1024) {
        self.maximumPacketSize = maximumPacketSize
    }

    /// The bytes held now, waiting for the rest of their packet: never more than
    /// `maximumPacketSize` (or 65,544 bytes, the longest PUBLISH header, if that is more) plus
    /// one chunk, whatever the packets' sizes.
    public var heldBytes: Int { buffer.count }

    /// Takes the next bytes of the stream and hands each packet they complete to `output`, in order.
    ///
    /// - Throws: `BrokenStream` when a length field is malformed; the connection must close.
    public mutating func append(_ bytes: some Collection<UInt8>, _ output: (Output) -> Void) throws(BrokenStream) {
        var incoming = bytes[...]
        if bytesToSkip > 0 {
            let skipped = min(bytesToSkip, incoming.count)
            bytesToSkip -= skipped
            incoming = incoming.dropFirst(skipped)
        }
        buffer += incoming
        while buffer.count >= 2 {
            let lengthField = buffer[1...]
            guard case .length(let length, let fieldSize) = RemainingLength.decode(lengthField) else {
                if RemainingLength.decode(lengthField) == .malformed { throw BrokenStream() }
                return
            }
            let total = 1 + fieldSize + length
            if total > maximumPacketSize {
                let type = buffer[0] >> 4
                var publish: SkippedPublish?
                if type == 3, length >= 2 {
                    // Held until its header is whole (at most 65,544 bytes), to be acknowledged.
                    let body = buffer[(1 + fieldSize)...]
                    guard body.count >= 2 else { return }
                    if let headerLength = SkippedPublish.headerLength(firstByte: buffer[0], body: body), headerLength <= length {
                        guard body.count >= headerLength else { return }
                        publish = SkippedPublish(firstByte: buffer[0], body: body)
                    }
                }
                output(.oversized(type: type, length: length, publish: publish))
                let held = min(total, buffer.count)
                bytesToSkip = total - held
                buffer.removeFirst(held)
                continue
            }
            guard buffer.count >= total else { return }
            do throws(MQTTPacket.DecodingError) {
                output(.packet(try MQTTPacket(firstByte: buffer[0], body: buffer[(1 + fieldSize)..<total])))
            } catch {
                let publish = buffer[0] >> 4 == 3 ? SkippedPublish(firstByte: buffer[0], body: buffer[(1 + fieldSize)..<total]) : nil
                output(.undecodable(error, publish: publish))
            }
            buffer.removeFirst(total)
        }
    }
}
