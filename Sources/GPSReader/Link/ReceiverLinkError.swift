import SerialPort

/// Why `ReceiverLink.send(_:timeout:)` did not put a message in the receiver's buffer whole;
/// each description says what to do.
public enum ReceiverLinkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No device is open: not yet opened, unplugged, or between two opens.
    case notConnected
    /// `capacity` messages were already waiting their turn: the receiver drains slower than
    /// messages come.
    case full(capacity: Int)
    /// The device was closed or opened again before the message's turn: it was not written, so
    /// nothing meant for the old device reaches a new one.
    case reopened
    /// The receiver did not take the bytes in time: `sent` of `count` went out (0 when none did).
    case timedOut(sent: Int, count: Int)
    /// The task was cancelled: `sent` of `count` went out.
    case cancelled(sent: Int, count: Int)
    /// The write failed: the device went away, or the system refused it.
    case failed(SerialPortError)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .notConnected:
            "no receiver is open to write to: wait until the device is opened (the .opened event), then send again"
        case .full(let capacity):
            "\(capacity) messages are already waiting to be written: the receiver is not draining; wait for them, or send less often"
        case .reopened:
            "the device was closed before the message was written, so it was dropped: send it again to the device now open"
        case .timedOut(let sent, let count):
            "the receiver took \(sent) of \(count) bytes before the timeout: it is not reading (flow control, a stalled "
                + "USB bridge); check the cable and the receiver's port settings"
        case .cancelled(let sent, let count):
            "cancelled after \(sent) of \(count) bytes"
        case .failed(let error):
            "\(error)"
        }
    }
}
