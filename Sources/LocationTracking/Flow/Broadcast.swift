/// The open sequences of one kind of value (`locations`, `states`), each with its own bounded
/// buffer that keeps the newest values.
@MainActor
final class Broadcast<Element: Sendable> {
    private var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
    private var nextID = 0
    private let limit: Int

    /// - Parameter limit: How many values wait for a slow consumer before the oldest go.
    init(bufferingNewest limit: Int) {
        self.limit = limit
    }

    /// Whether no sequence is open.
    var isEmpty: Bool { continuations.isEmpty }

    /// A new sequence of the values yielded from now on, starting with `first` when given; it
    /// ends when its task is cancelled or on `finish()`.
    func subscribe(startingWith first: Element? = nil) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .bufferingNewest(limit))
        let id = nextID
        nextID += 1
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.continuations[id] = nil }
        }
        if let first { continuation.yield(first) }
        return stream
    }

    /// Gives `value` to every open sequence.
    func yield(_ value: Element) {
        for continuation in continuations.values { continuation.yield(value) }
    }

    /// Ends every open sequence.
    func finish() {
        for continuation in continuations.values { continuation.finish() }
    }
}
