import GPSReader
import NMEA

/// What a capture held: whether any NMEA sentence, which tells a capture without a fix
/// (nothing to print, status 0) from a file that is not NMEA at all (an error, status 1), and
/// whether any epoch. Frames the bytes only until the first valid sentence.
final class CaptureContent: ReceiverSink {
    private var framer = NMEAFramer()
    private(set) var hasSentence = false
    private(set) var hasEpoch = false

    func receive(_ event: ReceiverEvent) {
        if case .epoch = event { hasEpoch = true }
        guard !hasSentence, case .bytes(let chunk) = event else { return }
        framer.append(chunk) { result in
            if case .success = result { hasSentence = true }
        }
    }

    /// Ends a run of its own once a sentence is found.
    let endsAtFirstSentence: Bool

    /// A count; with `endsAtFirstSentence`, a run of its own ends at the first sentence.
    init(endsAtFirstSentence: Bool = false) {
        self.endsAtFirstSentence = endsAtFirstSentence
    }

    var wantsMoreEvents: Bool { !(endsAtFirstSentence && hasSentence) }

    func finish() {
        guard !hasSentence else { return }
        framer.finish { result in
            if case .success = result { hasSentence = true }
        }
    }

    /// Whether the capture holds a sentence, reading it only as far as the first one.
    static func captureHasSentence(_ capture: NMEALocationProvider.Capture) async -> Bool {
        var count = CaptureContent(endsAtFirstSentence: true)
        await CaptureReplay(capture).run(into: &count)
        return count.hasSentence
    }

    /// What `gps replay` says about a capture that holds no sentence.
    static func noSentences(in path: String) -> String {
        "gps: no NMEA sentences in \(path): is it a capture of a receiver's output?"
    }
}
