import Locking
import Testing
import TestSupport
@testable import SerialPort

/// At a wrong rate the detector reads a `FakeLine`'s noise for the whole `timeoutPerRate`: each
/// hunt runs on a thread of its own, not on the cooperative pool. The timeout is generous, so a
/// loaded machine (the whole suite runs in parallel on two cores) cannot end the right rate's
/// three reads early.
@Suite("Baud-rate detection")
struct BaudDetectionTests {
    private let detector = BaudRateDetector(timeoutPerRate: .milliseconds(250))

    /// What `detector.detect` finds on `line`, run on a thread of its own.
    private func detect(
        on line: FakeLine, lastKnown: SerialPort.BaudRate?,
        isValidSentence: @escaping @Sendable (UnsafeRawBufferPointer) -> Bool = hasGoodChecksum
    ) async throws -> SerialPort.BaudRate? {
        let detector = detector
        return try await onOwnThread {
            Result { () throws(SerialPortError) in
                try detector.detect(on: line, lastKnown: lastKnown) { Self.lineCounter(isValidSentence) }
            }
        }.get()
    }

    /// A stand-in for the pipeline's framer, which this module cannot see: counts the lines
    /// (after the first fragment, heard before listening began) that pass `isValidSentence`.
    static func lineCounter(_ isValidSentence: @escaping (UnsafeRawBufferPointer) -> Bool) -> (UnsafeRawBufferPointer) -> Int {
        var line: [UInt8] = []
        var isSynchronized = false
        return { chunk in
            var valid = 0
            for byte in chunk {
                guard byte == UInt8(ascii: "\n") else {
                    line.append(byte)
                    continue
                }
                if isSynchronized, line.withUnsafeBytes({ isValidSentence(UnsafeRawBufferPointer(rebasing: $0[..<(line.last == 0x0D ? line.count - 1 : line.count)])) }) {
                    valid += 1
                }
                line.removeAll(keepingCapacity: true)
                isSynchronized = true
            }
            return valid
        }
    }

    @Test("tries the last known rate, then gpsd's order, without repeats")
    func candidateOrder() {
        #expect(detector.candidates(lastKnown: nil) == [9600, 4800, 38400, 115200, 57600, 19200, 230400])
        #expect(detector.candidates(lastKnown: 115200) == [115200, 9600, 4800, 38400, 57600, 19200, 230400])
        #expect(detector.candidates(lastKnown: 921600).first == 921600)
    }

    @Test("finds the receiver's rate, stopping there", arguments: [4800, 9600, 38400, 230400] as [SerialPort.BaudRate])
    func findsRate(rate: SerialPort.BaudRate) async throws {
        let line = FakeLine(receiverRate: rate)
        let found = try await detect(on: line, lastKnown: nil)
        #expect(found == rate)
        #expect(line.ratesTried.last == rate)
        #expect(line.ratesTried == Array(detector.candidates(lastKnown: nil).prefix { $0 != rate }) + [rate])
    }

    @Test("the last known rate is tried first and wins at once")
    func lastKnownFirst() async throws {
        let line = FakeLine(receiverRate: 57600)
        #expect(try await detect(on: line, lastKnown: 57600) == 57600)
        #expect(line.ratesTried == [57600])
    }

    @Test("gives up with nil when no rate yields good sentences")
    func givesUp() async throws {
        let line = FakeLine(receiverRate: nil)
        let start = ContinuousClock.now
        #expect(try await detect(on: line, lastKnown: nil) == nil)
        #expect(line.ratesTried == detector.candidates(lastKnown: nil))
        #expect(ContinuousClock.now - start >= detector.timeoutPerRate * 7)
    }

    @Test("one good sentence is not enough")
    func needsTwo() async throws {
        let line = FakeLine(receiverRate: 9600)
        let seen = LockedState(0)
        let found = try await detect(on: line, lastKnown: nil) { line in
            guard hasGoodChecksum(line) else { return false }
            return seen.withLock { seen in
                seen += 1
                return seen == 1  // only the first good sentence counts
            }
        }
        #expect(found == nil)
    }

    @Test("a pseudo-terminal skips the hunt: its rate means nothing")
    func ptySkipsDetection() throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath, configuration: .init(baudRate: 4800))
        #expect(try port.detectBaudRate { Self.lineCounter(hasGoodChecksum) } == 4800)
    }
}
