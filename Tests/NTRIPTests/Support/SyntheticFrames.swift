import TestSupport

/// RTCM 3 frames built in the test, of the message types an MSM7 base sends, lengths varied.
enum SyntheticFrames {
    static func make(count: Int) -> [[UInt8]] {
        let types = [1005, 1077, 1087, 1097, 1127, 1230]
        return (0..<count).map { index in
            BinaryFrames.rtcm3(BinaryFrames.rtcm3Payload(types[index % types.count], length: 19 + index % 200))
        }
    }
}
