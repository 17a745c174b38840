import MQTT

/// Frames the input as a broker's byte stream, in chunks whose lengths the input chooses (as
/// `FramerTarget` does): a stream must give packets, skips or `BrokenStream`, never a trap, and
/// the framer never holds more than it promises.
enum MQTTPacketTarget {
    static func run(_ input: UnsafeRawBufferPointer) {
        var framer = PacketFramer(maximumPacketSize: 1024)
        let chunkLength = FramerTarget.chunkLength(in: input)
        var start = 0
        while start < input.count {
            let end = min(input.count, start + chunkLength(start))
            do {
                try framer.append(input[start..<end]) { _ in }
            } catch {
                return
            }
            precondition(framer.heldBytes <= 65_544 + (end - start), "held more than the longest PUBLISH header and a chunk")
            start = end
        }
    }
}
