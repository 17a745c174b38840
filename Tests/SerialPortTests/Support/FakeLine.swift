import Glibc
import Locking
@testable import SerialPort

/// A serial line whose receiver talks at `receiverRate`: at that rate reads return NMEA
/// sentences, at any other they return the framing garbage a wrong rate gives.
final class FakeLine: BaudRateProbe, Sendable {
    let receiverRate: SerialPort.BaudRate?
    private let state = LockedState(State())

    private struct State {
        var rate: SerialPort.BaudRate = 9600
        var ratesTried: [SerialPort.BaudRate] = []
        var noise: UInt32 = 0x2545_F491
        var sentenceIndex = 0
    }

    /// The rates the detector set, in order.
    var ratesTried: [SerialPort.BaudRate] { state.withLock { $0.ratesTried } }

    init(receiverRate: SerialPort.BaudRate?) {
        self.receiverRate = receiverRate
    }

    func setBaudRate(_ baudRate: SerialPort.BaudRate) throws(SerialPortError) {
        state.withLock {
            $0.rate = baudRate
            $0.ratesTried.append(baudRate)
        }
    }

    /// At the receiver's rate a sentence at once; at any other, 64 bytes of noise a millisecond
    /// later, as from a fast line, so a detector waiting out a wrong rate does not spin a core.
    func read(into buffer: UnsafeMutableRawBufferPointer, timeout: Duration?) throws(SerialPortError) -> Int {
        if state.withLock({ $0.rate }) != receiverRate { usleep(1000) }
        return state.withLock { state in
            let bytes: [UInt8]
            if state.rate == receiverRate {
                // Starts mid-sentence, as a real line does after a speed change.
                let full = checksummedLine("GPGGA,1235\(state.sentenceIndex),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
                bytes = state.sentenceIndex == 0 ? Array(full.dropFirst(20)) : full
                state.sentenceIndex += 1
            } else {
                // Noise with line breaks and sentence-like starts, none with a good checksum.
                bytes = (0..<64).map { index in
                    state.noise ^= state.noise << 13
                    state.noise ^= state.noise >> 17
                    state.noise ^= state.noise << 5
                    return index % 16 == 0 ? UInt8(ascii: "$") : index % 16 == 15 ? UInt8(ascii: "\n") : UInt8(truncatingIfNeeded: state.noise)
                }
            }
            let count = min(buffer.count, bytes.count)
            buffer.copyBytes(from: bytes[..<count])
            return count
        }
    }
}
