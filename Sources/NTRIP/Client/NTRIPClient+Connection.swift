import NMEA

extension NTRIPClient {
    /// The size of each read from the caster.
    static let readSize = 16_384

    /// One connection: the request, the reply's head, then the mountpoint's frames until the
    /// connection ends (it always ends by throwing). `connected` runs once the data began.
    func stream(connected: () -> Void) async throws(NTRIPError) {
        let url = configuration.url
        let socket = try await StreamSocket.connect(host: url.host, port: url.port, timeout: configuration.connectTimeout)
        defer { socket.close() }
        try await socket.send(NTRIPRequest.bytes(for: url), until: .now + configuration.connectTimeout)
        var reply = try await Self.readHead(of: socket, timeout: configuration.stallTimeout)
        switch reply.head {
        case .refused(401, _):
            throw .unauthorized(sentCredentials: url.username != nil)
        case .refused(404, _):
            let table = try? await Self.sourceTable(of: NTRIPURL(host: url.host, port: url.port, username: url.username,
                password: url.password, mountpoint: ""), timeout: configuration.connectTimeout)
            throw .noSuchMountpoint(url.mountpoint, nearest: table?.nearest(to: url.mountpoint, from: lastFix?.coordinate) ?? [])
        case .refused(let status, let line):
            throw .refused(status: status, line: line)
        case .sourceTable(let chunked):
            let table = try await Self.readTable(from: socket, after: reply.body, chunked: chunked, timeout: configuration.stallTimeout)
            throw .noSuchMountpoint(url.mountpoint, nearest: table.nearest(to: url.mountpoint, from: lastFix?.coordinate))
        case .data(let version, let chunked):
            connected()
            let discarded = queue.startConnection()
            state.withLock { state in
                state.statistics.connections += 1
                state.statistics.framesDiscardedAtReconnect += discarded
            }
            var body = Body(client: self, version: version, chunked: chunked)
            try body.take(reply.body[...])
            reply.body = []
            try await streamBody(socket, &body)
        }
    }

    /// Reads the mountpoint's body from `socket`, sending GGA when due, until it ends.
    private func streamBody(_ socket: StreamSocket, _ body: inout Body) async throws(NTRIPError) {
        var buffer = [UInt8](repeating: 0, count: Self.readSize)
        var lastData = ContinuousClock.now
        var ggaDue: ContinuousClock.Instant? = configuration.ggaInterval.map { _ in .now }
        while true {
            if let due = ggaDue, due <= .now, let interval = configuration.ggaInterval {
                if let gga = lastFix.flatMap(UpstreamGGA.sentence(for:)) {
                    try await socket.send(gga, until: .now + configuration.connectTimeout)
                    ggaDue = .now + interval
                } else {
                    // No valid fix yet: the first one goes as soon as it comes.
                    ggaDue = .now + .seconds(1)
                }
            }
            let stallDeadline = lastData + configuration.stallTimeout
            switch await socket.read(into: &buffer, until: min(ggaDue ?? stallDeadline, stallDeadline)) {
            case .bytes(let count):
                lastData = .now
                try body.take(buffer[..<count])
            case .closed, .cancelled:
                throw .closed
            case .timedOut:
                if stallDeadline <= .now { throw .stalled(seconds: Int(configuration.stallTimeout.components.seconds)) }
            }
        }
    }

    /// A mountpoint's body as it arrives: the chunked coding removed, frames found, valid RTCM 3
    /// frames queued for the receiver.
    struct Body: ~Copyable {
        let client: NTRIPClient
        let version: NTRIPResponseHead.NTRIPVersion
        var decoder: ChunkedDecoder?
        var framer = NMEAFramer()
        var bytesSinceFrame = 0
        var hasFramed = false

        init(client: NTRIPClient, version: NTRIPResponseHead.NTRIPVersion, chunked: Bool) {
            self.client = client
            self.version = version
            decoder = chunked ? ChunkedDecoder() : nil
        }

        /// Takes the next bytes of the body.
        ///
        /// - Throws: `.garbage` past the garbage limit, `.malformedChunk`, `.closed` at the zero chunk.
        mutating func take(_ bytes: ArraySlice<UInt8>) throws(NTRIPError) {
            if var chunks = decoder {
                try chunks.decode(bytes) { data in frame(data) }
                decoder = chunks
                if chunks.isFinished { throw .closed }
            } else {
                frame(bytes)
            }
            guard bytesSinceFrame <= client.configuration.garbageLimit else { throw .garbage(bytes: bytesSinceFrame) }
        }

        private mutating func frame(_ data: ArraySlice<UInt8>) {
            guard !data.isEmpty else { return }
            let arrival = ContinuousClock.now
            let rejectedBefore = framer.statistics.rtcm3ChecksumFailures
            var frames: [[UInt8]] = []
            var bytesAfterLastFrame = data.count
            data.withUnsafeBytes { chunk in
                framer.append(chunk, sentences: { _ in }, binary: { frame in
                    guard frame.frameProtocol == .rtcm3 else { return }
                    frames.append(Array(frame.bytes))
                    // The chunk's bytes after this frame; a frame carried over from an earlier
                    // chunk lies in the framer's own buffer and ends somewhere in this one.
                    if let start = chunk.baseAddress, let end = frame.bytes.baseAddress.map({ $0 + frame.bytes.count }),
                       end >= start, end <= start + chunk.count {
                        bytesAfterLastFrame = start + chunk.count - end
                    } else {
                        bytesAfterLastFrame = 0
                    }
                })
            }
            let rejected = framer.statistics.rtcm3ChecksumFailures - rejectedBefore
            bytesSinceFrame = frames.isEmpty ? bytesSinceFrame + data.count : bytesAfterLastFrame
            // Said to flow before the first frames are queued: the first read may already drop some,
            // and the news of the drops comes after the news of the connection, never reset by it.
            if !frames.isEmpty, !hasFramed {
                hasFramed = true
                client.correctionsFlow(version: version)
            }
            var dropped = 0
            for frame in frames { dropped += client.queue.push(frame, arrival: arrival) }
            client.record(received: data.count, frames: frames, rejected: rejected, dropped: dropped, at: arrival)
        }
    }

    /// Counts what a read brought.
    func record(received: Int, frames: [[UInt8]], rejected: Int, dropped: Int, at instant: ContinuousClock.Instant) {
        let isNewDrop = state.withLock { state in
            state.rate.add(received, at: instant)
            state.statistics.bytesReceived += received
            state.statistics.framesReceived += frames.count
            state.statistics.framesRejected += rejected
            state.statistics.framesDropped += dropped
            for frame in frames where frame.count >= 8 {
                let payload = frame[3..<(frame.count - 3)]
                let number = Int(payload[payload.startIndex]) << 4 | Int(payload[payload.startIndex + 1]) >> 4
                state.statistics.messageTypes[number, default: 0] += 1
                if number == 1005 || number == 1006, let base = RTCM3StationPosition(payload: payload) {
                    state.statistics.base = base
                }
            }
            if !frames.isEmpty { state.statistics.lastCorrection = instant }
            guard dropped > 0 else { return false }
            defer { state.hasSaidDropping = true }
            return !state.hasSaidDropping
        }
        if isNewDrop { events(.dropping(queueLimit: configuration.queueLimit)) }
    }
}
