/// What an `NTRIPClient` tells its owner, for a log or a state line; each said once per spell.
public enum NTRIPEvent: Sendable, Equatable {
    /// The mountpoint's data began (again), in NTRIP 1.0 or 2.0.
    case connected(NTRIPURL, version: NTRIPResponseHead.NTRIPVersion)
    /// No corrections: said once per outage (a refusal that needs someone to act, such as wrong
    /// credentials, is said whenever it changes), with what to do in the error's description.
    /// The client retries with backoff; the receiver keeps being read.
    case outage(NTRIPError)
    /// Corrections came faster than the receiver took them: the oldest were dropped, and are
    /// counted in `CorrectionStatistics.framesDropped`. Said at the first drop of a spell.
    case dropping(queueLimit: Int)
    /// The receiver did not take a frame (`ReceiverLinkError`'s description says why and what to
    /// do): said at the first failure of a spell; such frames are counted in `framesUnwritten`.
    case receiverNotTaking(String)
}
