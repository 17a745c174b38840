/// What a followed topic sent that is not a position; each description says what to do.
public enum FleetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A message on `topic` was skipped: too large (its bytes were never held), or not a
    /// position in OwnTracks' or gpsd's JSON.
    case rejectedMessage(topic: String, reason: String)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .rejectedMessage(let topic, let reason):
            "skipped a message on \(topic): \(reason); fixes go on. Publish OwnTracks location JSON or gpsd TPV "
                + "there (gps publish), or follow a narrower topic"
        }
    }
}
