import Foundation
import LocationTracking
import NMEA

extension NMEALocationProvider {
    /// Plays a capture once, line by line at `pace`, reporting each fix.
    func replay(_ capture: Capture, pace: ReplayPace) async {
        let bytes: [UInt8]
        switch capture {
        case .bytes(let capture):
            bytes = capture
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else {
                report(GPSReaderError.captureUnreadable(path: path))
                return
            }
            bytes = [UInt8](data)
        }
        var framer = NMEAFramer()
        var assembler = FixAssembler()
        var pacer = ReplayPacer(pace: pace)
        var fixes: [EpochReport] = []
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
            bytes[start..<end].withUnsafeBytes { line in
                framer.append(line) { result in
                    guard case .success(let sentence) = result else { return }
                    assembler.consume(sentence) { fixes.append($0) }
                }
            }
            guard await deliver(&fixes, pacer: &pacer) else { return }
            guard await pacer.waitAfterLine() else { return }
            start = end
        }
        framer.finish { result in
            guard case .success(let sentence) = result else { return }
            assembler.consume(sentence) { fixes.append($0) }
        }
        assembler.finish { fixes.append($0) }
        _ = await deliver(&fixes, pacer: &pacer)
    }

    /// Reports the epochs, each when the pace says; false when cancelled.
    private func deliver(_ fixes: inout [EpochReport], pacer: inout ReplayPacer) async -> Bool {
        defer { fixes.removeAll(keepingCapacity: true) }
        for fix in fixes {
            guard await pacer.waitBefore(fix) else { return false }
            report(fix)
        }
        return !Task.isCancelled
    }
}

/// Keeps a replay to its pace with deadlines, so time spent decoding does not add up.
struct ReplayPacer {
    let pace: NMEALocationProvider.ReplayPace
    private let clock = ContinuousClock()
    private var due: ContinuousClock.Instant
    private var lastFixTime: Date?

    init(pace: NMEALocationProvider.ReplayPace) {
        self.pace = pace
        due = clock.now
    }

    /// For `.realTime`: waits as long after the previous epoch as the receiver did, divided by
    /// the speed-up; an epoch without a timestamp counts as one second later.
    mutating func waitBefore(_ fix: EpochReport) async -> Bool {
        guard case .realTime(let speedup) = pace else { return !Task.isCancelled }
        defer { lastFixTime = fix.timestamp ?? lastFixTime }
        guard lastFixTime != nil || fix.timestamp == nil else { return !Task.isCancelled }
        var gap = 1.0
        if let time = fix.timestamp, let last = lastFixTime {
            gap = time.timeIntervalSince(last)
            if gap < 0 || gap > 10 { gap = 0 }  // a clock jump or another capture appended
        }
        due = max(due, clock.now.advanced(by: .milliseconds(-100))).advanced(by: .seconds(gap / max(speedup, 0.001)))
        return await sleep()
    }

    /// For `.linesPerSecond`: waits for the next line's turn.
    mutating func waitAfterLine() async -> Bool {
        guard case .linesPerSecond(let rate) = pace else { return !Task.isCancelled }
        due = due.advanced(by: .seconds(1 / max(rate, 0.001)))
        return await sleep()
    }

    private func sleep() async -> Bool {
        do {
            try await Task.sleep(until: due, clock: clock)
            return true
        } catch {
            return false
        }
    }
}
