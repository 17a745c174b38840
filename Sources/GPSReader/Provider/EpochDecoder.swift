import LocationTracking
import NMEA

/// Bytes in, epochs out: an `NMEAFramer` feeding a `FixAssembler`, with the epochs they
/// complete waiting in `ready` until taken.
///
/// A class, so that the framer's callback can feed the assembler and collect its output
/// without copying either (each is a separate stored property).
final class EpochDecoder {
    private var framer = NMEAFramer()
    private var assembler = FixAssembler()
    /// Epochs completed and not yet taken, oldest first.
    private(set) var ready: [EpochReport] = []
    private var taken = 0

    /// Frames and assembles `bytes`; completed epochs join `ready`.
    func append(_ bytes: UnsafeRawBufferPointer) {
        framer.append(bytes) { result in
            guard case .success(let sentence) = result else { return }
            assembler.consume(sentence) { ready.append($0) }
        }
    }

    /// Ends the stream: a sentence without its line end, then the epoch in progress.
    func finish() {
        framer.finish { result in
            guard case .success(let sentence) = result else { return }
            assembler.consume(sentence) { ready.append($0) }
        }
        assembler.finish { ready.append($0) }
    }

    /// The oldest epoch not yet taken; `nil` when none waits.
    func take() -> EpochReport? {
        guard taken < ready.count else { return nil }
        defer {
            taken += 1
            if taken == ready.count {
                ready.removeAll(keepingCapacity: true)
                taken = 0
            }
        }
        return ready[taken]
    }
}
