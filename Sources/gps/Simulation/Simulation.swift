import FoundationEssentials
import GNSS
import GPSCommandLine
import Glibc
import NMEA
import POSIXSupport
import SerialPort

/// `gps simulate --pty`: a virtual receiver on a pseudo-terminal, playing a capture in a loop.
@MainActor
enum Simulation {
    static func run(file: String?, link: FilePath?, rate: Double, clock: SimulatedClock? = nil) async -> CommandExit.Status {
        let bytes: [UInt8]
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                printError("gps: cannot read the capture \(file)")
                return .failure
            }
            bytes = [UInt8](data)
        } else {
            bytes = BundledCapture.load().bytes
        }
        guard let receiver = SimulatorLink.makeReceiver(linkedFrom: link) else { return .failure }
        exitCleanlyOnInterrupt { receiver.unplug() }
        let corrections = SimulatedCorrections()
        corrections.startReading(receiver)
        print(receiver.devicePath + (link.map { " (link: \($0))" } ?? ""))
        printError("gps: simulating a receiver; read it with `gps read \(link?.description ?? receiver.devicePath)`. Ctrl-C to stop.")
        fflush(nil)  // the path must reach a pipe now, not at exit
        if let clock {
            return await playOnTheClock(Self.epochs(of: bytes).map(ClockedEpoch.init), on: receiver, clock, corrections)
        }
        // A receiver sends each epoch as one burst: so does the simulator, `rate` bursts a second.
        let epochs = rate == 0 ? [bytes] : Self.epochs(of: bytes)
        let period = Duration.seconds(1 / max(rate, 0.001))
        var due = ContinuousClock.now
        while true {
            for epoch in epochs {
                do {
                    try await receiver.play(corrections.answer(epoch), pace: .unthrottled)
                } catch {
                    // Ctrl-C unplugs the receiver on its way out: that is not a failure.
                    if receiver.isUnplugged { return .success }
                    printError("gps: \(error)")
                    return .failure
                }
                guard rate != 0 else { continue }
                due = due.advanced(by: period)
                try? await Task.sleep(until: due, clock: .continuous)
            }
        }
    }

    /// Plays one epoch a second, each stamped with the second it starts in, `clock`'s delay after
    /// the second's start by the system clock, at a 9600 bit/s line's pace.
    private static func playOnTheClock(
        _ epochs: [ClockedEpoch], on receiver: VirtualReceiver, _ clock: SimulatedClock, _ corrections: SimulatedCorrections
    ) async -> CommandExit.Status {
        let delay = clock.delayMilliseconds * 1_000_000
        while true {
            for epoch in epochs {
                let now = SystemTime.now()
                let second = now.nanoseconds < delay ? now.seconds : now.seconds + 1
                let wait = SystemTime(seconds: second, nanoseconds: delay).seconds(since: now)
                try? await Task.sleep(until: ContinuousClock.now.advanced(by: .seconds(wait)), clock: .continuous)
                do {
                    try await receiver.play(corrections.answer(epoch.bytes(at: second)), pace: .wire(9600))
                } catch {
                    if receiver.isUnplugged { return .success }
                    printError("gps: \(error)")
                    return .failure
                }
            }
        }
    }

    /// The capture cut into epochs, each the bytes of its lines. A line whose sentence carries
    /// a UTC time other than the epoch's (GGA, RMC, GNS, ZDA, GST field 1, GLL field 5) starts
    /// the next epoch; the other lines (GSA, GSV, comments, garbage) stay in the epoch they sit in.
    private static func epochs(of capture: [UInt8]) -> [[UInt8]] {
        var epochs: [[UInt8]] = []
        var epochStart = 0
        var epochTime: [UInt8] = []
        capture.withUnsafeBytes { bytes in
            var lineStart = 0
            while lineStart < bytes.count {
                let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
                let line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<lineEnd])
                let startsEpoch = (try? NMEASentence.withParsed(bytes: line, acceptsMissingChecksum: true) { sentence in
                    guard let time = sentence.utcTime, !time.isEmpty, !time.bytes.elementsEqual(epochTime) else { return false }
                    let isFirstTime = epochTime.isEmpty
                    epochTime.removeAll(keepingCapacity: true)
                    epochTime.append(contentsOf: time.bytes)
                    return !isFirstTime
                }) ?? false
                if startsEpoch {
                    epochs.append(Array(capture[epochStart..<lineStart]))
                    epochStart = lineStart
                }
                lineStart = lineEnd
            }
        }
        if epochStart < capture.count { epochs.append(Array(capture[epochStart...])) }
        return epochs
    }
}

private extension NMEASentence {
    /// The field holding the sentence's UTC time of day, for the sentences that carry one.
    var utcTime: NMEAField? {
        switch type {
        case .gga, .rmc, .gns, .zda, .gst: field(at: 0)
        case .gll: field(at: 4)
        default: nil
        }
    }
}
