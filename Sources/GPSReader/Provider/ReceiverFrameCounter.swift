import NMEA

/// Counts the valid frames of every protocol a receiver sends (NMEA sentences, UBX and RTCM 3
/// frames) in a stream fed in chunks, with the pipeline's one framer: what baud hunting
/// listens with, so a receiver that speaks only UBX is found at its speed too.
final class ReceiverFrameCounter {
    private var framer = NMEAFramer()

    /// How many valid frames `chunk` completed.
    func count(_ chunk: UnsafeRawBufferPointer) -> Int {
        var count = 0
        framer.append(chunk, sentences: { if case .success = $0 { count += 1 } }, binary: { _ in count += 1 })
        return count
    }

    /// A new counter's `count`, for `SerialPort.detectBaudRate(validFrames:)`.
    static func make() -> (UnsafeRawBufferPointer) -> Int {
        ReceiverFrameCounter().count
    }
}
