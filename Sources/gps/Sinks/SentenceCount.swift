import GPSReader
import NMEA

/// Whether a capture held any NMEA sentence: what tells a capture without a fix (nothing to
/// print, status 0) from a file that is not NMEA at all (an error, status 1). Frames the bytes
/// only until the first valid sentence.
final class SentenceCount: ReceiverSink {
    private var framer = NMEAFramer()
    private(set) var hasSentence = false

    func receive(_ event: ReceiverEvent) {
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
        var count = SentenceCount(endsAtFirstSentence: true)
        await CaptureReplay(capture).run(into: &count)
        return count.hasSentence
    }

    /// What `gps replay` says about a capture that holds no sentence.
    static func noSentences(in path: String) -> String {
        "gps: no NMEA sentences in \(path): is it a capture of a receiver's output?"
    }
}
