/// Splits the bytes a client sends into requests: each ends at a `;` outside a JSON string,
/// or at the end of a line. Blank requests are skipped.
///
/// A request longer than `GPSDRequest.maximumLength` is reported as too long as soon as it
/// is, and the rest of it, up to its end, is discarded: a client that sends garbage without
/// end costs a fixed amount of memory and gets one ERROR per overlong line.
struct RequestFramer {
    private var pending: [UInt8] = []
    private var inString = false
    private var escaped = false
    /// Whether the current request outgrew the limit and is being discarded.
    private var discarding = false

    /// Feeds bytes; `handle` receives each complete request, or its error, in order.
    mutating func append(
        _ bytes: some Sequence<UInt8>, _ handle: (Result<GPSDRequest, GPSDRequestError>) -> Void
    ) {
        _ = append(bytes) { request in
            handle(request)
            return true
        }
    }

    /// Feeds bytes until `handle`, given each complete request or its error in order, returns
    /// false; returns how many bytes were taken (all of them unless `handle` stopped it).
    mutating func append(
        _ bytes: some Sequence<UInt8>, while handle: (Result<GPSDRequest, GPSDRequestError>) -> Bool
    ) -> Int {
        var taken = 0
        for byte in bytes {
            taken += 1
            // A line always ends a request: JSON strings cannot hold a raw line break.
            if byte == 0x0A || byte == 0x0D {
                if !finishRequest(handle) { return taken }
                continue
            }
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: ";") {
                if !finishRequest(handle) { return taken }
                continue
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            }
            if pending.count < GPSDRequest.maximumLength {
                pending.append(byte)
            } else if !discarding {
                discarding = true
                if !handle(.failure(.tooLong)) { return taken }
            }
        }
        return taken
    }

    /// Hands on the request just ended; what `handle` returned (true for a blank one).
    private mutating func finishRequest(_ handle: (Result<GPSDRequest, GPSDRequestError>) -> Bool) -> Bool {
        defer {
            pending.removeAll(keepingCapacity: true)
            inString = false
            escaped = false
            discarding = false
        }
        guard !discarding, pending.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return true }
        return handle(Result { () throws(GPSDRequestError) in try GPSDRequest(parsing: pending) })
    }
}
