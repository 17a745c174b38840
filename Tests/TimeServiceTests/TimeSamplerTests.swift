import Foundation
import GNSS
import GPSReader
import Testing
import TestSupport
import TimeService

/// Which epochs become time samples, fed as a receiver's bursts through the pipeline's
/// `EpochStream` into a `TimeSink`: one a second, after three good fixes, only with a fix and a
/// date, never going back, and stamped with the arrival of each burst's first byte.
@Suite("Time samples from NMEA")
struct TimeSamplerTests {
    /// 2025-03-15 10:00:00 UTC.
    static let tenOClock = 1_742_032_800

    @Test("after three good fixes, one sample per epoch: the epoch's second against its burst's first byte")
    func samplesAfterThreeFixes() {
        let samples = Self.samples(of: (0..<6).map { ("10000\($0)", "150325") })
        #expect(samples.count == 3)
        for (index, sample) in samples.enumerated() {
            let second = Self.tenOClock + 3 + index
            #expect(sample.receiverTime == SystemTime(seconds: second, nanoseconds: 0))
            // Each burst began 100 ms after its second; its later sentences do not move the stamp.
            #expect(sample.systemTime == SystemTime(seconds: second, nanoseconds: 100_000_000))
            #expect(abs(sample.offset + 0.1) < 1e-9)
            #expect(sample.leap == 0)
        }
    }

    @Test("a receiver that sends no date (no RMC, no ZDA) gives no sample")
    func noDate() {
        let samples = Self.samples(of: (0..<6).map { ("10000\($0)", "150325") }, keeping: { $0.hasPrefix("GPGGA") })
        #expect(samples.isEmpty)
    }

    @Test("an invalid fix gives no sample and is not a good fix: after invalid epochs, samples begin with the fourth valid one",
          arguments: [("V", "1"), ("A", "0")])
    func invalidFix(status: String, quality: String) {
        // RMC status V alone, or GGA quality 0 alone, makes the fix invalid.
        let invalid = (0..<5).map { Fed(time: "10000\($0)", status: status, quality: quality) }
        #expect(Self.samples(fed: invalid).isEmpty)
        let valid = (5..<10).map { Fed(time: "10000\($0)") }
        let samples = Self.samples(fed: invalid + valid)
        #expect(samples.map(\.receiverTime.seconds) == [8, 9].map { Self.tenOClock + $0 })
    }

    @Test("a receiver at 5 Hz gives at most one sample a second: the first epoch of each second after settling")
    func fiveEpochsASecond() {
        let fractions = ["00", "20", "40", "60", "80"]
        let epochs = (0..<4).flatMap { second in fractions.map { Fed(time: "10000\(second)", fraction: $0) } }
        let samples = Self.samples(fed: epochs)
        // The first three epochs (00.00-00.40) settle; 00.60 is the first sample, 00.80 shares its second.
        #expect(samples.map(\.receiverTime) == [
            SystemTime(seconds: Self.tenOClock, nanoseconds: 600_000_000),
            SystemTime(seconds: Self.tenOClock + 1, nanoseconds: 0),
            SystemTime(seconds: Self.tenOClock + 2, nanoseconds: 0),
            SystemTime(seconds: Self.tenOClock + 3, nanoseconds: 0),
        ])
        // Each against its own burst's first byte, 100 ms after its epoch's time.
        #expect(samples.allSatisfy { abs($0.offset + 0.1) < 1e-9 })
    }

    @Test("time going backwards is skipped until it passes the last second sent")
    func timeGoingBack() {
        let times = ["100000", "100001", "100002", "100003", "100004", "100002", "100003", "100005"]
        let samples = Self.samples(of: times.map { ($0, "150325") })
        #expect(samples.map(\.receiverTime.seconds) == [3, 4, 5].map { Self.tenOClock + $0 })
    }

    @Test("a capture's bytes carry no arrival time: no sample")
    func capture() {
        let stream = EpochStream()
        let sink = TimeSink([Recorder()])
        for second in 0..<6 {
            stream.append(Array(Self.burst("10000\(second)", "150325").utf8)) { sink.receive(.epoch($0)) }
        }
        #expect(sink.samplesSent == 0)
    }

    @Test("a chunk after a silence of burstGap starts a burst; the chunks of one burst share its first stamp")
    func burstStart() {
        let stream = EpochStream()
        var stamps: [SystemTime?] = []
        let lines = withSatellites(epoch("120000")).map(sentence) + withSatellites(epoch("120001")).map(sentence)
        let start = SystemTime(seconds: 100, nanoseconds: 0)
        for (index, line) in lines.enumerated() {
            // Lines 8 ms apart within a burst; the second burst one second after the first.
            let burst = index < lines.count / 2 ? 0 : 1
            let time = SystemTime(seconds: 100 + burst, nanoseconds: (index % (lines.count / 2)) * 8_000_000)
            stream.append(Array(line.utf8), arrivalTime: time) { stamps.append($0.firstByteTime) }
        }
        stream.endEpoch { stamps.append($0.firstByteTime) }
        #expect(stamps == [start, SystemTime(seconds: 101, nanoseconds: 0)])
    }

    @Test("a silence that ends inside a sentence is the reader's stall, not the line's: that epoch has no stamp, the next burst has")
    func stallInsideASentence() {
        let stream = EpochStream()
        var stamps: [SystemTime?] = []
        let first = withSatellites(epoch("120000")).map(sentence).joined()
        let second = withSatellites(epoch("120001")).map(sentence).joined()
        // The first epoch's bytes read in two pieces 60 ms apart, the cut inside its first sentence.
        let cut = first.utf8.index(first.utf8.startIndex, offsetBy: 20)
        stream.append(Array(first.utf8[..<cut]), arrivalTime: SystemTime(seconds: 100, nanoseconds: 0)) { stamps.append($0.firstByteTime) }
        stream.append(Array(first.utf8[cut...]), arrivalTime: SystemTime(seconds: 100, nanoseconds: 60_000_000)) { stamps.append($0.firstByteTime) }
        stream.append(Array(second.utf8), arrivalTime: SystemTime(seconds: 101, nanoseconds: 0)) { stamps.append($0.firstByteTime) }
        stream.endEpoch { stamps.append($0.firstByteTime) }
        #expect(stamps == [nil, SystemTime(seconds: 101, nanoseconds: 0)])
    }

    /// An output that keeps what it is sent.
    final class Recorder: TimeSampleOutput {
        var samples: [TimeSample] = []
        func send(_ sample: TimeSample) { samples.append(sample) }
    }

    /// One epoch's sentences, as one string.
    static func burst(
        _ time: String, _ date: String, status: String = "A", quality: String = "1", keeping: (String) -> Bool = { _ in true }
    ) -> String {
        epoch(time, date: date, status: status, quality: quality).filter(keeping).map(sentence).joined()
    }

    /// An epoch to feed: its time of day (`hhmmss`) and hundredths of a second, date, RMC
    /// status and GGA quality.
    struct Fed {
        var time: String
        var fraction = "00"
        var date = "150325"
        var status = "A"
        var quality = "1"
    }

    /// The samples of `epochs` (time of day, date), all with `status` and `quality`; see
    /// `samples(fed:keeping:)`.
    static func samples(
        of epochs: [(String, String)], status: String = "A", quality: String = "1", keeping: (String) -> Bool = { _ in true }
    ) -> [TimeSample] {
        samples(fed: epochs.map { Fed(time: $0.0, date: $0.1, status: status, quality: quality) }, keeping: keeping)
    }

    /// The samples of `epochs`, each sent as one line a chunk, 5 ms apart, its first line 100 ms
    /// after its time (`tenOClock` plus the time's minutes, seconds and hundredths).
    static func samples(fed epochs: [Fed], keeping: (String) -> Bool = { _ in true }) -> [TimeSample] {
        let stream = EpochStream()
        let recorder = Recorder()
        let sink = TimeSink([recorder])
        sink.receive(.opened(path: "/dev/pts/9", baudRate: nil))
        for fed in epochs {
            let second = tenOClock + Int(fed.time.suffix(2))! + 60 * Int(fed.time.dropFirst(2).prefix(2))!
            let lines = epoch(fed.time, date: fed.date, status: fed.status, quality: fed.quality).filter(keeping)
                .map { sentence($0.replacingOccurrences(of: "\(fed.time).00", with: "\(fed.time).\(fed.fraction)")) }
            for (index, line) in lines.enumerated() {
                let arrival = SystemTime(
                    seconds: second, nanoseconds: Int(fed.fraction)! * 10_000_000 + 100_000_000 + index * 5_000_000)
                stream.append(Array(line.utf8), arrivalTime: arrival) { sink.receive(.epoch($0)) }
            }
        }
        stream.endEpoch { sink.receive(.epoch($0)) }
        return recorder.samples
    }
}
