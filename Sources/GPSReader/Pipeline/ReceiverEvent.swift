import LocationTracking

/// What a receiver's source says, in order: the vocabulary every output of the pipeline hears,
/// whether the bytes come from a device, a capture or a gpsd.
public enum ReceiverEvent: Sendable {
    /// Access to the device was answered: `.authorizedWhenInUse`, `.denied` (`EACCES`: the
    /// user can fix it) or `.restricted` (`EPERM`: a policy forbids it). Only a device says it;
    /// a capture or a gpsd needs no permission, and `.opened` is their answer. While refused,
    /// the device is asked again and says so when access is granted.
    case access(AuthorizationStatus)
    /// The source is open and about to be read: a device at `baudRate` bit/s (`nil` where the
    /// speed means nothing: `/dev/ttyACM*`, pseudo-terminals), a capture, a gpsd connection.
    /// After `.unplugged` or `.failed`, it means the source is back.
    case opened(path: String, baudRate: Int?)
    /// Bytes as they arrived, before the epochs they complete: what a recorder or a relay
    /// keeps. Never empty.
    case bytes([UInt8])
    /// The frames the bytes just said completed (NMEA sentences, UBX and RTCM 3 frames, each
    /// checksum valid), before the epochs they complete: what a relay passes on, framed once.
    /// Said after `.bytes` whenever a chunk completed a frame; never empty.
    case frames(ReceivedFrames)
    /// An epoch the bytes completed, with or without a fix (`Location.isValidFix` says).
    case epoch(EpochReport)
    /// The line fell silent after a burst that left an epoch held (one whose end the assembler
    /// cannot tell); that epoch came just before. A burst whose epoch was complete at its last
    /// sentence is followed by no `.quiet`: its silence costs nothing.
    case quiet
    /// Bytes keep coming and none frames a sentence, a UBX or an RTCM 3 frame
    /// (`GPSReaderError.garbled`, whose description names the remedy): once per spell. Epochs
    /// resume when sentences do.
    case garbled(GPSReaderError)
    /// The source cannot be read now (a missing device, a refused connection, an unreadable
    /// capture), with what to do in the error's description. Said once per outage, compared
    /// by value; a device or a gpsd is tried again, a capture ends.
    case failed(any Error & Sendable)
    /// The device went away while being read; it is waited for, and `.opened` says it is back.
    case unplugged(any Error & Sendable)
}

extension ReceiverEvent {
    /// Whether two failures are the same outage: equal by value where the errors are
    /// `Hashable`, by description otherwise.
    static func isSameFailure(_ first: any Error & Sendable, _ second: (any Error & Sendable)?) -> Bool {
        guard let second else { return false }
        if let first = first as? AnyHashable, let second = second as? AnyHashable { return first == second }
        return "\(first)" == "\(second)"
    }
}
