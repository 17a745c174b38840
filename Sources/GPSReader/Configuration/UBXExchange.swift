import Locking
import UBX

/// Commands and polls to a u-blox receiver, each matched with its answer: writes go through a
/// `ReceiverLink`, answers are found among the frames the pipeline reads (``hear(_:)`` each
/// event), however many NMEA sentences and other messages come between.
///
/// ```swift
/// let link = ReceiverLink()
/// let exchange = UBXExchange(link: link)
/// // the pipeline's events, each handed to exchange.hear(event); once .opened:
/// try await exchange.command(CFGRATE(measurementPeriodMilliseconds: 100).frame)  // ACK-ACK, or throws
/// let version = try await exchange.poll(MONVER.poll, answer: .monVER) { try MONVER($0) }
/// ```
///
/// An answer is waited for from before the command is written, so one that comes at once is
/// not missed, and at most `timeout`; an `.unplugged` event ends every wait.
public final class UBXExchange: Sendable {
    /// Where commands are written.
    public let link: ReceiverLink
    private let state = LockedState(State())

    /// What a waiter waits for.
    private enum Expectation {
        case acknowledgement(of: UBXMessageID)
        case message(UBXMessageID)
    }

    /// What a waiter is told.
    private enum Answer {
        case frame([UInt8])
        case failure(ReceiverConfigurationError)
    }

    private struct Slot {
        var expectation: Expectation
        var answer: Answer?
        var continuation: CheckedContinuation<Answer, Never>?
    }

    private struct State {
        var slots: [Int: Slot] = [:]
        var nextSlot = 0
    }

    /// An exchange writing to `link`.
    public init(link: ReceiverLink) {
        self.link = link
    }

    /// Hands one of the pipeline's events to the exchange: UBX frames answer waiters, an unplug
    /// fails them.
    public func hear(_ event: ReceiverEvent) {
        switch event {
        case .frames(let frames):
            // A receiver follows its answer to a CFG poll with an ACK-ACK of the poll, in the same
            // burst: that one answers no command, even one of the same message waiting now.
            var answeredPolls: Set<UBXMessageID> = []
            for frame in frames where frame.kind == .ubx {
                if let poll = answer(with: Array(frame.bytes), ignoringAcknowledgementsOf: answeredPolls) { answeredPolls.insert(poll) }
            }
        case .unplugged(let error):
            failAll(.unplugged("\(error)"))
        default:
            break
        }
    }

    /// Writes `command` (a whole UBX frame of class CFG) and waits for its ACK-ACK.
    ///
    /// - Parameter timeout: The longest wait for the answer once written; 1 second by default.
    /// - Throws: `.refused` for an ACK-NAK, `.silent` for no answer, `.unplugged`, or
    ///   `.unreachable` when the link could not write it.
    public func command(_ command: [UInt8], timeout: Duration = .seconds(1)) async throws(ReceiverConfigurationError) {
        let id = UBXMessageID(command[2], command[3])
        let frame = try await exchange(command, expecting: .acknowledgement(of: id), timeout: timeout)
        let accepted = frame.withUnsafeBytes { UBXMessage(frame: $0)?.id == .ackACK }
        guard accepted else { throw .refused(id) }
    }

    /// Writes `request` (a poll) and returns what `decode` makes of the first `answer` message
    /// that comes back; an ACK-NAK to the request's class and id (a poll the receiver does not
    /// know) is a refusal.
    ///
    /// - Parameter timeout: The longest wait for the answer once written; 1 second by default.
    /// - Throws: `.refused`, `.silent`, `.unplugged`, `.unreachable`, or `.undecodable` with
    ///   the decoder's error.
    public func poll<Answer>(
        _ request: [UInt8], answer: UBXMessageID, timeout: Duration = .seconds(1),
        decode: (UBXMessage) throws(UBXError) -> Answer
    ) async throws(ReceiverConfigurationError) -> Answer {
        let frame = try await exchange(request, expecting: .message(answer), timeout: timeout)
        let decoded: Result<Answer, ReceiverConfigurationError> = frame.withUnsafeBytes { bytes in
            guard let message = UBXMessage(frame: bytes) else { return .failure(.refused(answer)) }
            if message.id == .ackNAK { return .failure(.refused(UBXMessageID(request[2], request[3]))) }
            do throws(UBXError) { return .success(try decode(message)) } catch { return .failure(.undecodable(error)) }
        }
        return try decoded.get()
    }

    /// Registers the wait, writes, and waits.
    private func exchange(
        _ bytes: [UInt8], expecting expectation: Expectation, timeout: Duration
    ) async throws(ReceiverConfigurationError) -> [UInt8] {
        let slot = state.withLock { state in
            defer { state.nextSlot += 1 }
            state.slots[state.nextSlot] = Slot(expectation: expectation)
            return state.nextSlot
        }
        do throws(ReceiverLinkError) {
            try await link.send(bytes)
        } catch {
            _ = state.withLock { $0.slots.removeValue(forKey: slot) }
            if case .failed(let failure) = error, case .disconnected = failure { throw .unplugged("\(failure)") }
            throw .unreachable("\(error)")
        }
        let id = UBXMessageID(bytes[2], bytes[3])
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            self?.resolve(slot, with: .failure(.silent(id, timeout: timeout)))
        }
        defer { timer.cancel() }
        switch await wait(slot) {
        case .frame(let frame): return frame
        case .failure(let error): throw error
        }
    }

    private func wait(_ slot: Int) async -> Answer {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Answer? in
                guard let answer = state.slots[slot]?.answer else {
                    state.slots[slot]?.continuation = continuation
                    return nil
                }
                state.slots.removeValue(forKey: slot)
                return answer
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Gives `frame` to the oldest waiter it answers, unless it acknowledges one of `polls`;
    /// the message it answered a poll of, if it did.
    private func answer(with frame: [UInt8], ignoringAcknowledgementsOf polls: Set<UBXMessageID>) -> UBXMessageID? {
        let match: (slot: Int, isAcknowledgement: Bool, id: UBXMessageID)? = frame.withUnsafeBytes { bytes in
            guard let message = UBXMessage(frame: bytes) else { return nil }
            let acknowledged = (message.id == .ackACK || message.id == .ackNAK) && message.count >= 2
                ? UBXMessageID(message.u1(0), message.u1(1)) : nil
            if let acknowledged, polls.contains(acknowledged) { return nil }
            return state.withLock { state in
                let waiting = state.slots.filter { $0.value.answer == nil }.keys.sorted()
                for slot in waiting {
                    switch state.slots[slot]!.expectation {
                    case .acknowledgement(let id) where id == acknowledged: return (slot, true, id)
                    case .message(let id) where id == message.id: return (slot, false, id)
                    case .message(let id) where message.id == .ackNAK && acknowledged == id: return (slot, true, id)
                    default: continue
                    }
                }
                return nil
            }
        }
        guard let match else { return nil }
        resolve(match.slot, with: .frame(frame))
        return match.isAcknowledgement ? nil : match.id
    }

    private func resolve(_ slot: Int, with answer: Answer) {
        let continuation = state.withLock { state -> CheckedContinuation<Answer, Never>? in
            guard state.slots[slot] != nil, state.slots[slot]?.answer == nil else { return nil }
            guard let continuation = state.slots[slot]?.continuation else {
                state.slots[slot]?.answer = answer
                return nil
            }
            state.slots.removeValue(forKey: slot)
            return continuation
        }
        continuation?.resume(returning: answer)
    }

    private func failAll(_ error: ReceiverConfigurationError) {
        let slots = state.withLock { Array($0.slots.keys) }
        for slot in slots { resolve(slot, with: .failure(error)) }
    }
}
