/// What one attempt to open a source said about access.
public enum AccessAnswer: Sendable {
    /// It may be read.
    case granted
    /// `EACCES`: the user can fix it (the dialout group, udev rules).
    case denied
    /// `EPERM`: a policy forbids it.
    case restricted
    /// It is not there to ask (a missing device): the error says what to do.
    case unavailable(any Error & Sendable)
}
