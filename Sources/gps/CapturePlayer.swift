import Foundation
import GPSD
import NMEA

/// Plays a capture through a `ReportStream` line by line at `rate` times real time: before
/// each TPV it waits as long after the previous one as the receiver did (gaps over 10 s, a
/// clock jump or a second capture appended, count as 1 s), divided by `rate`.
struct CapturePlayer {
    let bytes: [UInt8]
    let rate: Double
    let device: String?

    /// Plays the capture once, blocking the calling thread while it waits.
    ///
    /// - Parameters:
    ///   - sentence: When given, receives each valid sentence as a line ending in CR LF.
    ///   - report: Receives each report when it is due.
    func play(sentence: (([UInt8]) -> Void)? = nil, report: (ReportStream.Report) -> Void) {
        var stream = ReportStream(device: device)
        var pacer = Pacer(rate: rate)
        let relay = sentence.map { forward in { (framed: borrowing NMEASentence) in forward(Array((framed.text + "\r\n").utf8)) } }
        func deliver(_ item: ReportStream.Report) {
            if case .tpv(let tpv) = item { pacer.wait(for: tpv.time) }
            report(item)
        }
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
            bytes[start..<end].withUnsafeBytes { line in stream.append(line, sentence: relay, deliver) }
            start = end
        }
        stream.finish(deliver)
    }

    /// Deadlines from the receiver's times, so time spent decoding does not add up.
    private struct Pacer {
        let rate: Double
        private var lastTime: Date?
        private var due = ContinuousClock.now

        init(rate: Double) {
            self.rate = rate
        }

        mutating func wait(for time: Date?) {
            guard let time else { return }
            defer { lastTime = time }
            guard let lastTime else { return }
            var gap = time.timeIntervalSince(lastTime)
            if gap < 0 || gap > 10 { gap = 1 }
            due = max(due, ContinuousClock.now.advanced(by: .milliseconds(-100))).advanced(by: .seconds(gap / rate))
            let (seconds, attoseconds) = ContinuousClock.now.duration(to: due).components
            let wait = Double(seconds) + Double(attoseconds) * 1e-18
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
        }
    }
}
