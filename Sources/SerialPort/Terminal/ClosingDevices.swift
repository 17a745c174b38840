import Glibc
import Locking
import POSIXSupport

/// The devices this process has closed but not yet released: a `SerialPort` closed while
/// another thread's read or wait is still in flight keeps its lock until that operation returns
/// (`SharedDescriptor`), so an open of the same device straight after the close (a reopen at a
/// new speed, a reader that follows an unplug) would find it held, by this very process.
///
/// `DeviceHandle.open` waits, boundedly, for such a release instead of reporting the device busy
/// (`retrying(_:whenFailedWith:_:)`).
enum ClosingDevices {
    /// Device numbers (`st_rdev`) and how many of this process's descriptors of each are closing.
    private static let closing = LockedState<[dev_t: Int]>([:])

    /// `device` is being closed; `released(_:)` follows once its descriptor is released.
    static func closing(_ device: dev_t) {
        closing.withLock { $0[device, default: 0] += 1 }
    }

    /// A descriptor of `device` that was closing is released.
    static func released(_ device: dev_t) {
        closing.withLock { closing in
            guard let count = closing[device] else { return }
            closing[device] = count > 1 ? count - 1 : nil
        }
    }

    /// What `attempt` gives (an open, a lock); when it failed with `busy` while one of this
    /// process's descriptors of `device` is closing, what it gives once more after that one is
    /// released (within 5 s, `waitUntilReleased(_:upTo:)`).
    static func retrying<Success>(
        _ device: dev_t?, whenFailedWith busy: Errno, _ attempt: () -> Result<Success, Errno>
    ) -> Result<Success, Errno> {
        let result = attempt()
        guard case .failure(busy) = result, let device, isClosing(device), waitUntilReleased(device, upTo: .seconds(5)) else {
            return result
        }
        return attempt()
    }

    /// Whether one of this process's descriptors of `device` is closing.
    private static func isClosing(_ device: dev_t) -> Bool {
        closing.withLock { $0[device] != nil }
    }

    /// Whether `device` is held by none of this process's closing descriptors, waiting up to
    /// `limit` for them to be released: at once when none is closing, `false` when one still is.
    /// On the event loop's thread it does not wait: the release may wait for that very loop to
    /// wake a read or a write still leasing the descriptor.
    private static func waitUntilReleased(_ device: dev_t, upTo limit: Duration) -> Bool {
        guard !(isClosing(device) && EventLoop.shared.isCurrentThread) else { return false }
        let deadline = ContinuousClock.now + limit
        while isClosing(device) {
            guard ContinuousClock.now < deadline else { return false }
            // A rare wait, for another thread to return from its read or poll: a millisecond's
            // sleep a try rather than a condition variable on the release path of every port.
            usleep(1000)
        }
        return true
    }
}
