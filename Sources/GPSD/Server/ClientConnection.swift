/// One connected client of `GPSDServer`: its socket, what it watches, the requests it is
/// typing and the bytes waiting for it.
struct ClientConnection {
    /// A number for the log, counted from 1 in order of connection.
    let number: Int
    let fd: CInt
    var policy = WatchPolicy()
    var requests = RequestFramer()
    var output: OutputQueue
    /// Set when the client fell too far behind; the server closes it on its next turn.
    var isOverrun = false
    /// Requests read but not answered yet, and an answer that did not fit in `output`: while
    /// either waits, the client is not read, so a client that pipelines requests without
    /// reading the answers costs a read's worth of bytes, and each answer comes in order.
    var pendingInput: [UInt8] = []
    var heldAnswer: [UInt8]?

    /// Whether requests wait for room in `output`.
    var isHeld: Bool { heldAnswer != nil || !pendingInput.isEmpty }

    init(number: Int, fd: CInt, queueLimit: Int) {
        self.number = number
        self.fd = fd
        output = OutputQueue(limit: queueLimit)
    }

    /// Queues `bytes`; marks the client overrun when they do not fit.
    mutating func send(_ bytes: some Collection<UInt8>) {
        guard !isOverrun else { return }
        if !output.append(bytes) { isOverrun = true }
    }

    /// Queues `line` and then CR LF, both or neither.
    mutating func send(line: some Collection<UInt8>) {
        guard !isOverrun else { return }
        let lineEnd: (UInt8, UInt8) = (0x0D, 0x0A)
        if output.count + line.count + 2 > output.limit || !output.append(line) {
            isOverrun = true
            return
        }
        withUnsafeBytes(of: lineEnd) { _ = output.append($0) }
    }
}
