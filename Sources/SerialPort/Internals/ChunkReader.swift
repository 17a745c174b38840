import Dispatch
import POSIXSupport

/// Runs one iterator's blocking reads on a dispatch queue of its own, woken by its own
/// cancellation pipe: closing the descriptor would not wake a blocked `poll`.
final class ChunkReader: Sendable {
    private let port: SerialPort
    private let maximumLength: Int
    private let cancelSignal: WakePipe
    // A queue of its own targets an overcommitting global queue, so a thread parked in poll
    // never starves other dispatch work.
    private let queue = DispatchQueue(label: "SerialPort.chunks")

    init(port: SerialPort, maximumLength: Int) throws(SerialPortError) {
        switch WakePipe.make() {
        case .success(let signal): cancelSignal = signal
        case .failure(let errno): throw .system(path: port.path, operation: "pipe2", errno: errno.rawValue)
        }
        self.port = port
        self.maximumLength = maximumLength
    }

    deinit {
        cancelSignal.close()
    }

    /// The next bytes, or `.quiet` when none arrived by `deadline` (`nil`: wait for bytes);
    /// `nil` once the task is cancelled or the port closed.
    func next(quietAt deadline: ContinuousClock.Instant?) async throws(SerialPortError) -> SerialPort.Arrival? {
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                queue.async { continuation.resume(returning: self.readChunk(until: deadline)) }
            }
        } onCancel: {
            cancelSignal.fire()
        }
        return try result.get()
    }

    private func readChunk(until deadline: ContinuousClock.Instant?) -> Result<SerialPort.Arrival?, SerialPortError> {
        var chunk = [UInt8](repeating: 0, count: maximumLength)
        let outcome = chunk.withUnsafeMutableBytes { buffer in
            Result { () throws(SerialPortError) in
                try port.descriptor.receive(into: buffer, until: deadline, cancelSignal: cancelSignal)
            }
        }
        return outcome.map { outcome in
            switch outcome {
            case .bytes(let count):
                chunk.removeSubrange(count...)
                return .bytes(chunk)
            case .timedOut:
                return .quiet
            case .closed, .cancelled:
                return nil
            }
        }
    }
}
