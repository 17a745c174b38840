import GNSS

/// Where UBX and RTCM 3 frames begin and end, and whether their checksums hold: what
/// `NMEAFramer` asks at a `B5` or `D3` byte.
enum BinaryFrameScanner {
    /// The longest UBX frame accepted, in bytes, header and checksum included: as gpsd's
    /// limit, past u-blox's longest messages (a NAV-SAT of 255 satellites is 2,048 bytes of
    /// payload). A longer length field is garbage, so it never holds back the frames after it.
    static let maximumUBXFrame = 9216
    /// The longest RTCM 3 frame: a 10-bit length of payload, a 3-byte header, a 3-byte CRC.
    static let maximumRTCM3Frame = 1023 + 6
    /// The longest frame of either protocol.
    static let maximumFrame = max(maximumUBXFrame, maximumRTCM3Frame)

    /// What the first bytes of a possible frame say.
    enum Extent: Equatable {
        /// Not a frame: the preamble's second byte, the reserved bits or the length is wrong.
        case notAFrame
        /// Too few bytes to tell the length yet.
        case needsMore
        /// A frame of this protocol and this many bytes, header and checksum included.
        case frame(BinaryFrame.FrameProtocol, length: Int)
    }

    /// Whether `byte` can begin a frame.
    @inline(__always)
    static func isPreamble(_ byte: UInt8) -> Bool { byte == 0xB5 || byte == 0xD3 }

    /// The extent of the frame whose first `count` bytes start at `start` (`start[0]` is a preamble).
    static func extent(at start: UnsafePointer<UInt8>, count: Int) -> Extent {
        if start[0] == 0xB5 {
            guard count >= 2 else { return .needsMore }
            guard start[1] == 0x62 else { return .notAFrame }
            guard count >= 6 else { return .needsMore }
            let length = (Int(start[4]) | Int(start[5]) << 8) + 8
            return length <= maximumUBXFrame ? .frame(.ubx, length: length) : .notAFrame
        }
        guard count >= 2 else { return .needsMore }
        guard start[1] & 0xFC == 0 else { return .notAFrame }
        guard count >= 3 else { return .needsMore }
        return .frame(.rtcm3, length: (Int(start[1]) << 8 | Int(start[2])) + 6)
    }

    /// Whether the checksum of the whole frame `[start, start + length)` holds.
    static func hasValidChecksum(_ frameProtocol: BinaryFrame.FrameProtocol, at start: UnsafePointer<UInt8>, length: Int) -> Bool {
        switch frameProtocol {
        case .ubx:
            let checksum = UBXChecksum.of(start + 2, count: length - 4)
            return start[length - 2] == checksum.a && start[length - 1] == checksum.b
        case .rtcm3:
            let crc = CRC24Q.of(start, count: length - 3)
            let sent = UInt32(start[length - 3]) << 16 | UInt32(start[length - 2]) << 8 | UInt32(start[length - 1])
            return crc == sent
        }
    }
}
