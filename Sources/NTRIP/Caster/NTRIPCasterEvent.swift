/// What an `NTRIPCaster` tells its owner, for a state line.
public enum NTRIPCasterEvent: Sendable, Equatable {
    /// A client began to receive the stream, in NTRIP 1.0 or 2.0; `clients` are served now.
    case clientJoined(version: NTRIPResponseHead.NTRIPVersion, clients: Int)
    /// A client took frames slower than they came and was dropped; the others are unaffected.
    case droppedSlowClient
    /// A client gave no credentials, or wrong ones: answered 401.
    case refusedClient
}
