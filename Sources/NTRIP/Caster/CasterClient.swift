/// One client of `NTRIPCaster`: its socket, the request it is typing, and the bytes waiting for
/// it, at most `limit` of them.
struct CasterClient {
    let fd: CInt
    /// The request's head so far, until it is answered.
    var request: [UInt8] = []
    /// Whether it is served the stream (after `ICY 200 OK` or `HTTP/1.1 200 OK`).
    var isStreaming = false
    /// Whether its frames go chunked (NTRIP 2.0).
    var isChunked = false
    /// Whether it is closed once its output is sent (a source table, a refusal).
    var closesWhenSent = false
    /// Set when a frame did not fit: the caster drops it on its next turn.
    var isTooSlow = false
    /// Set when it hung up or failed.
    var isGone = false
    private var output: [UInt8] = []
    private var start = 0
    let limit: Int

    init(fd: CInt, limit: Int) {
        self.fd = fd
        self.limit = limit
    }

    /// Whether bytes wait to be sent.
    var hasOutput: Bool { start < output.count }

    /// Queues `bytes` whole, or marks the client too slow when they do not fit.
    mutating func send(_ bytes: some Collection<UInt8>) {
        guard !isTooSlow else { return }
        guard output.count - start + bytes.count <= limit else {
            isTooSlow = true
            return
        }
        if start > 0, output.count + bytes.count > output.capacity {
            output.removeFirst(start)
            start = 0
        }
        output.append(contentsOf: bytes)
    }

    /// Queues one frame as the client takes it: chunked for NTRIP 2.0.
    mutating func sendFrame(_ frame: [UInt8]) {
        guard isStreaming else { return }
        guard isChunked else { return send(frame) }
        send(Array((String(frame.count, radix: 16) + "\r\n").utf8) + frame + [0x0D, 0x0A])
    }

    /// Offers the waiting bytes to `write`, which returns how many it took, or `nil` when the
    /// socket failed.
    mutating func flush(_ write: (UnsafeRawBufferPointer) -> Int?) {
        guard hasOutput else { return }
        let taken = output[start...].withUnsafeBytes { write($0) }
        guard let taken else {
            isGone = true
            return
        }
        start += taken
        if start == output.count {
            output.removeAll(keepingCapacity: true)
            start = 0
        }
    }
}
