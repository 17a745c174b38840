import Fleet
import GPSD

/// Reads the input as a followed topic's payload (OwnTracks location or gpsd TPV), and writes
/// every position it gives the ways a follower does: the fix line's time, gpsd's TPV, and
/// OwnTracks' JSON again. A payload must give a position or a rejection, never a trap; a
/// position's numbers must be in the ranges the decoder documents.
enum PositionMessageTarget {
    static func run(_ input: UnsafeRawBufferPointer) {
        guard case .location(let location, _, _) = PositionMessage(payload: Array(input)) else { return }
        if let timestamp = location.timestamp {
            precondition((0...253_402_300_799).contains(timestamp.timeIntervalSince1970), "a time past the documented range")
            _ = GPSDTimestamp(timestamp).description
        }
        var writer = GPSDJSONWriter(capacity: 512)
        writer.write(TPV(location, device: "fuzz"))
        _ = OwnTracksLocation(location: location, trackerID: "fz").json()
    }
}
