import UBX

/// Why a command to a u-blox receiver, or a poll of it, did not get its answer; each
/// description says what happened and what to do.
public enum ReceiverConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The receiver answered the command with ACK-NAK: it refused it and changed nothing.
    case refused(UBXMessageID)
    /// Nothing answered `message` within the timeout: not a u-blox receiver, UBX switched off on
    /// its input, a wrong speed, or a command it ignores.
    case silent(UBXMessageID, timeout: Duration)
    /// The device may not be opened: `EACCES` (`isRestricted` false: the user can fix it) or
    /// `EPERM` (a policy forbids it).
    case accessRefused(path: String, isRestricted: Bool)
    /// The device went away (unplugged) before the answer came.
    case unplugged(String)
    /// The device could not be opened or written: the reason, with what to do.
    case unreachable(String)
    /// The answer came but could not be decoded.
    case undecodable(UBXError)
    /// A speed change was written but the receiver was not heard at the new speed.
    case speedNotFollowed(SpeedChangeOutcome)
    /// The change cannot be made on this receiver or port (a speed for USB, a message with no
    /// configuration key): nothing was written for it.
    case notApplicable(String)

    /// What happened, and what to do.
    public var description: String {
        switch self {
        case .refused(let message):
            "the receiver refused \(message) (ACK-NAK) and changed nothing"
        case .accessRefused(let path, let isRestricted):
            isRestricted
                ? "access to \(path) is restricted (EPERM): check dmesg and AppArmor/SELinux"
                : "access to \(path) is denied (EACCES): add yourself to the dialout group, or install the udev rules (gps udev-rules)"
        case .silent(let message, let timeout):
            "no answer to \(message) within \(Self.text(timeout)): not a u-blox receiver, another speed, "
                + "or UBX input switched off on this port"
        case .unplugged(let reason):
            "the receiver went away: \(reason); plug it in again and check its settings with `gps info`"
        case .unreachable(let reason):
            reason
        case .undecodable(let error):
            "the receiver's answer could not be read: \(error)"
        case .speedNotFollowed(let outcome):
            "\(outcome)"
        case .notApplicable(let reason):
            reason
        }
    }

    /// `1 s`, `300 ms`.
    static func text(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }
}
