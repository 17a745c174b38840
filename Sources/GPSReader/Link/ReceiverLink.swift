import Locking
import SerialPort

/// The way back to the receiver a `DeviceConnection` reads: messages (a UBX command, an RTCM 3
/// correction) written to the device while it is read.
///
/// - Each message goes out whole, never interleaved with another, and in the order `send` was
///   called; a caller waits its turn behind at most `capacity` others, and a send past that
///   fails at once with `.full`, so a receiver that stops draining never grows memory.
/// - Writes wait on the event loop, as reads do: no thread is blocked while the driver's
///   buffer is full, and a send gives up after its timeout with `.timedOut`.
/// - The link follows the device: it is attached when the connection opens it and detached
///   when it closes (an unplug, a reopen, the end of the run), or when a write finds it gone.
///   Messages still waiting then fail with `.reopened`: nothing meant for one device is
///   written to the next.
///
/// Nothing is written unless a caller sends: a connection given no link never writes.
///
/// ```swift
/// let link = ReceiverLink()
/// let connection = DeviceConnection(.path("/dev/ttyACM0"), link: link)
/// // once the connection has said .opened:
/// try await link.send(command)
/// ```
public final class ReceiverLink: Sendable {
    /// The most messages that wait their turn behind the one being written.
    public let capacity: Int
    private let state = LockedState(State())

    private struct State {
        var port: SerialPort?
        /// Bumped at every attach and detach: a message waiting across one is stale.
        var generation = 0
        var isWriting = false
        var nextTicket = 0
        /// Waiting senders, oldest first.
        var waiting: [(ticket: Int, continuation: CheckedContinuation<Turn, Never>)] = []
        /// Tickets cancelled before their sender began to wait.
        var cancelled: Set<Int> = []
    }

    /// What a waiting sender is told.
    private enum Turn {
        case yours, detached, cancelled
    }

    /// A link with no device yet; at most `capacity` messages (16 by default) wait their turn.
    public init(capacity: Int = 16) {
        precondition(capacity >= 0, "a capacity cannot be negative")
        self.capacity = capacity
    }

    /// Whether a device is open to write to.
    public var isConnected: Bool { state.withLock { $0.port != nil } }

    /// How many messages are being written or wait their turn now: what a test waits on, where
    /// it would otherwise guess how long a send takes to queue.
    package var pendingSends: Int { state.withLock { ($0.isWriting ? 1 : 0) + $0.waiting.count } }

    /// Writes `message` to the receiver, whole, after the messages sent before it.
    ///
    /// Returns when every byte is in the driver's buffer (not necessarily on the wire).
    ///
    /// - Parameters:
    ///   - message: The bytes, such as one UBX frame or one RTCM 3 message.
    ///   - timeout: The longest the receiver may take to accept the bytes once the message's
    ///     turn has come; 2 seconds by default.
    /// - Throws: `ReceiverLinkError`: `.notConnected`, `.full`, `.reopened`, `.timedOut`,
    ///   `.cancelled` or `.failed` (its description says what to do).
    public func send(_ message: [UInt8], timeout: Duration = .seconds(2)) async throws(ReceiverLinkError) {
        let port = try await waitForTurn()
        defer { passTurn() }
        let count = message.count
        let sent: Int
        do throws(SerialPortError) {
            sent = try await port.send(message, until: ContinuousClock.now.advanced(by: timeout))
        } catch {
            // The device is gone: what waits behind this message is stale, as after a reopen.
            if case .disconnected = error { detach(port) }
            throw .failed(error)
        }
        guard sent == count else {
            throw Task.isCancelled ? .cancelled(sent: sent, count: count) : .timedOut(sent: sent, count: count)
        }
    }

    /// Takes the turn to write, waiting behind earlier senders; the port to write to.
    private func waitForTurn() async throws(ReceiverLinkError) -> SerialPort {
        enum Admission { case now(SerialPort, Int), wait(Int, Int), refused(ReceiverLinkError) }
        let admission = state.withLock { state -> Admission in
            guard let port = state.port else { return .refused(.notConnected) }
            if !state.isWriting {
                state.isWriting = true
                return .now(port, state.generation)
            }
            guard state.waiting.count < capacity else { return .refused(.full(capacity: capacity)) }
            defer { state.nextTicket += 1 }
            return .wait(state.nextTicket, state.generation)
        }
        switch admission {
        case .now(let port, _):
            return port
        case .refused(let error):
            throw error
        case .wait(let ticket, let generation):
            switch await wait(ticket) {
            case .yours:
                let port = state.withLock { state in state.generation == generation ? state.port : nil }
                guard let port else {
                    passTurn()
                    throw .reopened
                }
                return port
            case .detached:
                throw .reopened
            case .cancelled:
                throw .cancelled(sent: 0, count: 0)
            }
        }
    }

    /// Waits until `ticket`'s turn comes, the link is detached or the task is cancelled.
    private func wait(_ ticket: Int) async -> Turn {
        // A cancellation that came after the turn did.
        defer { state.withLock { _ = $0.cancelled.remove(ticket) } }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let admitted = state.withLock { state in
                    guard state.cancelled.remove(ticket) == nil else { return false }
                    state.waiting.append((ticket, continuation))
                    return true
                }
                if !admitted { continuation.resume(returning: .cancelled) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Turn, Never>? in
                guard let index = state.waiting.firstIndex(where: { $0.ticket == ticket }) else {
                    state.cancelled.insert(ticket)
                    return nil
                }
                return state.waiting.remove(at: index).continuation
            }
            waiter?.resume(returning: .cancelled)
        }
    }

    /// Hands the turn to the oldest waiting sender, or frees it.
    private func passTurn() {
        let next = state.withLock { state -> CheckedContinuation<Turn, Never>? in
            guard !state.waiting.isEmpty else {
                state.isWriting = false
                return nil
            }
            return state.waiting.removeFirst().continuation
        }
        next?.resume(returning: .yours)
    }

    /// The connection opened `port`: sends from now on go to it.
    package func attach(_ port: SerialPort) {
        replacePort(with: port)
    }

    /// The connection closed `port`: waiting messages fail with `.reopened`, new ones with
    /// `.notConnected`. Nothing changes when another port was attached since.
    package func detach(_ port: SerialPort) {
        guard state.withLock({ $0.port === port }) else { return }
        replacePort(with: nil)
    }

    private func replacePort(with port: SerialPort?) {
        let stale = state.withLock { state in
            state.port = port
            state.generation += 1
            defer { state.waiting.removeAll() }
            return state.waiting.map(\.continuation)
        }
        for waiter in stale { waiter.resume(returning: .detached) }
    }
}
