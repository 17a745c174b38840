import GPSReader

/// What a capture held: whether any valid frame (an NMEA sentence, a UBX or RTCM 3 frame),
/// which tells a capture without a fix (nothing to print, status 0) from a file that is no
/// receiver's output at all (an error, status 1), and whether any epoch. Counts the frames the
/// source framed (`.frames`) until the first sentence.
final class CaptureContent: ReceiverSink {
    /// Whether an NMEA sentence was found.
    private(set) var hasSentence = false
    /// UBX and RTCM 3 frames found before the first sentence.
    private(set) var binaryFrames = 0
    private(set) var hasEpoch = false

    /// Whether any valid frame was found, of any protocol.
    var hasFrame: Bool { hasSentence || binaryFrames > 0 }

    func receive(_ event: ReceiverEvent) {
        switch event {
        case .epoch: hasEpoch = true
        case .frames(let frames) where !hasSentence:
            for frame in frames {
                if frame.kind == .nmea {
                    hasSentence = true
                    break
                }
                binaryFrames += 1
            }
        default: break
        }
    }

    /// Ends a run of its own once a frame is found.
    let endsAtFirstFrame: Bool

    /// A count; with `endsAtFirstFrame`, a run of its own ends at the first valid frame.
    init(endsAtFirstFrame: Bool = false) {
        self.endsAtFirstFrame = endsAtFirstFrame
    }

    var wantsMoreEvents: Bool { !(endsAtFirstFrame && hasFrame) }

    /// Whether the capture holds a valid frame, reading it only as far as the first one.
    static func captureHasFrame(_ capture: Capture) async -> Bool {
        var count = CaptureContent(endsAtFirstFrame: true)
        await CaptureReplay(capture).run(into: &count)
        return count.hasFrame
    }

    /// What `gps replay` says about a capture of binary frames none of which made an epoch.
    static func binaryOnly(in path: String, frames: Int) -> String {
        "gps: \(path) holds \(frames) UBX or RTCM 3 frames and no navigation solution (NAV-PVT, NAV-SOL, NAV-TIMEGPS…) "
            + "nor NMEA sentence, so there are no fixes to print; a u-blox receiver sends fixes once NAV-PVT is on "
            + "(docs/UBX.md)"
    }

    /// What `gps replay` says about a capture that holds no sentence.
    static func noSentences(in path: String) -> String {
        "gps: no NMEA sentences, UBX or RTCM 3 frames in \(path): is it a capture of a receiver's output?"
    }
}
