import Locking
import SerialPort

/// The opens of one connection's device, by its runs and by its access checks: one at a time,
/// and counted while a run holds the device.
///
/// A check and a run that wake on the same change (the device plugged in, its permissions
/// changed) would otherwise open it together, and the device's exclusive lock would turn one of
/// them away as held by another process. A check while a run holds the device is answered
/// without opening it: the run's open already said access is granted.
final class DeviceHolds: Sendable {
    /// How many runs hold the device open.
    private let held = LockedState(0)

    /// Opens and closes the device with `open` unless a run holds it.
    ///
    /// - Throws: What `open` throws.
    func check(_ open: () throws(SerialPortError) -> SerialPort) throws(SerialPortError) {
        try held.withLock { (held: inout Int) throws(SerialPortError) in
            guard held == 0 else { return }
            try open().close()
        }
    }

    /// Opens the device with `open` for a run, which holds it until the hold is released.
    ///
    /// - Throws: What `open` throws.
    func open(_ open: () throws(SerialPortError) -> SerialPort) throws(SerialPortError) -> DeviceHold {
        try held.withLock { (held: inout Int) throws(SerialPortError) in
            let port = try open()
            held += 1
            return DeviceHold(port: port, holds: self)
        }
    }

    fileprivate func release() {
        held.withLock { $0 -= 1 }
    }
}

/// A device a run opened: closed, and no longer counted as held, when it is released.
final class DeviceHold: Sendable {
    /// The open device.
    let port: SerialPort
    private let holds: DeviceHolds

    fileprivate init(port: SerialPort, holds: DeviceHolds) {
        self.port = port
        self.holds = holds
    }

    deinit {
        port.close()
        holds.release()
    }
}
