import Locking
import POSIXSupport

/// A descriptor that several threads may use while one of them closes it.
///
/// `close()` wakes every waiting operation through `closeSignal`, and the descriptor is
/// released only when the last operation has returned, so no thread ever reads a closed, or
/// worse reused, descriptor number.
final class SharedDescriptor: Sendable {
    /// The path errors name.
    let path: String
    /// Readable once `close()` has been called.
    let closeSignal: WakePipe
    private let fd: CInt
    private let state = LockedState(State())
    private let onClose: @Sendable () -> Void
    private let onRelease: @Sendable (CInt) -> Void
    /// The faults every call with the descriptor sees, in debug builds; always `nil` in release.
    private let faults: FaultInjection?

    private struct State {
        var activeOperations = 0
        var isClosed = false
    }

    /// Shares `fd`; `onClose` runs once, when `close()` is first called and before the release,
    /// and `onRelease` closes the descriptor (and whatever goes with it) exactly once. Every call
    /// made with the descriptor, `onRelease`'s included, sees `faults`.
    init(
        fd: CInt, path: String, faults: FaultInjection? = nil, onClose: @escaping @Sendable () -> Void = {},
        onRelease: @escaping @Sendable (CInt) -> Void
    ) throws(SerialPortError) {
        switch WakePipe.make() {
        case .success(let signal):
            closeSignal = signal
        case .failure(let errno):
            onRelease(fd)
            throw .system(path: path, operation: "pipe2", errno: errno.rawValue)
        }
        self.fd = fd
        self.path = path
        self.faults = faults
        self.onClose = onClose
        self.onRelease = onRelease
    }

    deinit {
        close()
    }

    /// Whether `close()` has been called.
    var isClosed: Bool {
        state.withLock { $0.isClosed }
    }

    /// Wakes waiting operations, refuses new ones, and releases once none is left. Idempotent.
    func close() {
        let releaseNow = state.withLock { state -> Bool in
            guard !state.isClosed else { return false }
            state.isClosed = true
            onClose()
            // Under the lock: once it is free, the last operation may release the pipe.
            closeSignal.fire()
            return state.activeOperations == 0
        }
        if releaseNow { release() }
    }

    /// Runs `body` with the descriptor, which stays open until every such call has returned.
    ///
    /// - Throws: `.system` with `EBADF` for `operation` once closed, or what `body` throws.
    func withDescriptor<R>(
        _ operation: String, _ body: (CInt) throws(SerialPortError) -> R
    ) throws(SerialPortError) -> R {
        guard let result = try ifOpen(body) else {
            throw .system(path: path, operation: operation, errno: Errno.EBADF.rawValue)
        }
        return result
    }

    /// Runs `body` with the descriptor, or returns `nil` when it is already closed.
    func ifOpen<R>(_ body: (CInt) throws(SerialPortError) -> R) throws(SerialPortError) -> R? {
        let admitted = state.withLock { state -> Bool in
            guard !state.isClosed else { return false }
            state.activeOperations += 1
            return true
        }
        guard admitted else { return nil }
        defer {
            let isLast = state.withLock { state -> Bool in
                state.activeOperations -= 1
                return state.isClosed && state.activeOperations == 0
            }
            if isLast { release() }
        }
        return try faults.applying { () throws(SerialPortError) in try body(fd) }
    }

    /// Holds the descriptor open across a wait that is not a call of `body`'s kind (an
    /// asynchronous wait on the event loop): the descriptor, or `nil` when already closed.
    /// Every `lease()` that returned a descriptor is followed by one `endLease()`.
    func lease() -> CInt? {
        let admitted = state.withLock { state -> Bool in
            guard !state.isClosed else { return false }
            state.activeOperations += 1
            return true
        }
        return admitted ? fd : nil
    }

    /// Ends a `lease()`; the last operation after `close()` releases the descriptor.
    func endLease() {
        let isLast = state.withLock { state -> Bool in
            state.activeOperations -= 1
            return state.isClosed && state.activeOperations == 0
        }
        if isLast { release() }
    }

    private func release() {
        faults.applying { onRelease(fd) }
        closeSignal.close()
    }
}
