/// Where a receiver was heard after it was asked to change its port's speed: the port is
/// reopened at the new speed and polled; when nothing answers there, at the old one.
public enum SpeedChangeOutcome: Hashable, Sendable {
    /// It answered at the new speed, bit/s: the change is done.
    case heard(at: Int)
    /// It did not answer at `new` but still does at `old`: the change did not take.
    case stillAt(old: Int, new: Int)
    /// It answered at neither speed.
    case lost(old: Int, new: Int)
}

extension SpeedChangeOutcome: CustomStringConvertible {
    /// What happened, and how to reach the receiver.
    public var description: String {
        switch self {
        case .heard(let speed):
            "the receiver answers at \(speed) bit/s: read it with `gps read DEVICE --baud \(speed)`"
        case .stillAt(let old, let new):
            "the receiver did not answer at \(new) bit/s and still answers at \(old) bit/s: the speed is unchanged"
        case .lost(let old, let new):
            "the receiver answers neither at \(new) nor at \(old) bit/s: try `gps info DEVICE --baud \(new)`, "
                + "or unplug it and plug it in again (an unsaved speed is forgotten at power-off)"
        }
    }
}
