import GPSD

/// Parses the input as one gpsd request, and each of its lines as one, then applies every
/// `?WATCH` change to a policy: a client's bytes must give a request or a `GPSDRequestError`,
/// never a crash.
enum GPSDRequestTarget {
    static func run(_ input: UnsafeRawBufferPointer) {
        parse(input)
        for line in input.split(separator: UInt8(ascii: "\n")) { parse(line) }
    }

    private static func parse(_ bytes: some Collection<UInt8>) {
        guard case .watch(let change)? = try? GPSDRequest(parsing: bytes) else { return }
        _ = change.applied(to: WatchPolicy())
    }
}
