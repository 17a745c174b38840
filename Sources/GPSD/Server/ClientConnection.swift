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
}
