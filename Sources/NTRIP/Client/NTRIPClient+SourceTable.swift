extension NTRIPClient {
    /// The longest source table read: 1 MiB, far beyond the largest public caster's.
    public static let maximumSourceTable = 1 << 20

    /// Fetches a caster's source table (`GET /`), with `url`'s credentials; its mountpoint is ignored.
    ///
    /// - Parameter timeout: The longest the connection, and then each silence, may take.
    /// - Throws: `NTRIPError`: the connection's failures, `.unauthorized`, `.refused`, `.notNTRIP`
    ///   (data came instead of a table), `.stalled`.
    public static func sourceTable(of url: NTRIPURL, timeout: Duration = .seconds(10)) async throws(NTRIPError) -> SourceTable {
        var tableURL = url
        tableURL.mountpoint = ""
        let socket = try await StreamSocket.connect(host: url.host, port: url.port, timeout: timeout)
        defer { socket.close() }
        try await socket.send(NTRIPRequest.bytes(for: tableURL), until: .now + timeout)
        let reply = try await readHead(of: socket, timeout: timeout)
        switch reply.head {
        case .sourceTable(let chunked):
            return try await readTable(from: socket, after: reply.body, chunked: chunked, timeout: timeout)
        case .refused(401, _):
            throw .unauthorized(sentCredentials: url.username != nil)
        case .refused(let status, let line):
            throw .refused(status: status, line: line)
        case .data:
            throw .notNTRIP(firstBytes: Array(reply.body.prefix(64)))
        }
    }

    /// Reads a reply's head; the bytes after it are the body's first.
    static func readHead(of socket: StreamSocket, timeout: Duration) async throws(NTRIPError)
        -> (head: NTRIPResponseHead, body: [UInt8])
    {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            switch await socket.read(into: &buffer, until: .now + timeout) {
            case .bytes(let count): received += buffer[..<count]
            case .closed, .cancelled: throw received.isEmpty ? .closed : .notNTRIP(firstBytes: Array(received.prefix(64)))
            case .timedOut: throw .stalled(seconds: Int(timeout.components.seconds))
            }
            if let (head, length) = try NTRIPResponseHead.parse(received[...]) {
                return (head, Array(received[length...]))
            }
        }
    }

    /// Reads a source table's body to `ENDSOURCETABLE`, the connection's end or the zero chunk.
    static func readTable(from socket: StreamSocket, after start: [UInt8], chunked: Bool, timeout: Duration) async throws(NTRIPError)
        -> SourceTable
    {
        var decoder = chunked ? ChunkedDecoder() : nil
        var text: [UInt8] = []
        var pending = start
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            if var chunks = decoder {
                try chunks.decode(pending[...]) { text += $0 }
                decoder = chunks
                if chunks.isFinished { break }
            } else {
                text += pending
            }
            if SourceTable.isComplete(text.suffix(pending.count + 16)) || text.count > maximumSourceTable { break }
            switch await socket.read(into: &buffer, until: .now + timeout) {
            case .bytes(let count): pending = Array(buffer[..<count])
            case .closed, .cancelled: return SourceTable(text: String(decoding: text, as: UTF8.self))
            case .timedOut: throw .stalled(seconds: Int(timeout.components.seconds))
            }
        }
        return SourceTable(text: String(decoding: text, as: UTF8.self))
    }
}
