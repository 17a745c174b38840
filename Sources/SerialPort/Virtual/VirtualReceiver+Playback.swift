extension VirtualReceiver {
    /// How fast `play` emits bytes.
    public enum Pace: Hashable, Sendable {
        /// As fast as the program reads them.
        case unthrottled
        /// At the speed of a serial line at this rate with 8N1 framing: 10 bits per byte, so
        /// 9600 bit/s is 960 bytes per second.
        case wire(SerialPort.BaudRate)
        /// This many lines (sentences) per second.
        case linesPerSecond(Double)

        /// How long emitting `line` should take.
        func duration(of line: ArraySlice<UInt8>) -> Duration {
            switch self {
            case .unthrottled: .zero
            case .wire(let rate): .seconds(Double(line.count * 10) / Double(max(1, rate.rawValue)))
            case .linesPerSecond(let rate): .seconds(1 / max(rate, 0.001))
            }
        }
    }

    /// Emits `bytes` line by line at `pace`, as a receiver would.
    ///
    /// Returns when everything was sent, or early when the task is cancelled. Sleeps between
    /// lines on `clock` (each line's turn is a deadline, so time spent sending does not add
    /// up); when the program stops reading and the pseudo-terminal's queue fills, it waits on
    /// the event loop until there is room again.
    ///
    /// - Parameters:
    ///   - bytes: What the receiver sends, NMEA lines or any bytes.
    ///   - pace: How fast.
    ///   - clock: What the waits between lines sleep on; a `ContinuousClock` by default, or one
    ///     a test advances itself.
    /// - Throws: `.system` with `EBADF` once unplugged.
    public func play(
        _ bytes: some Sequence<UInt8>, pace: Pace, clock: any Clock<Duration> = ContinuousClock()
    ) async throws(SerialPortError) {
        try await play(Array(bytes), pace: pace, on: clock)
    }

    private func play<C: Clock<Duration>>(_ bytes: [UInt8], pace: Pace, on clock: C) async throws(SerialPortError) {
        var due = clock.now
        var start = bytes.startIndex
        while start < bytes.endIndex, !Task.isCancelled {
            let end = (bytes[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? bytes.endIndex
            let line = bytes[start..<end]
            let received = try onTheLine(Array(line))[...]
            var sent = 0
            while sent < received.count {
                sent += try master.send(received.dropFirst(sent), until: ContinuousClock.now)
                // The queue is full (the program stopped reading): wait for room, not in steps.
                if sent < received.count, !(await master.waitUntilWritable()) { return }
            }
            due = due.advanced(by: pace.duration(of: line))
            if pace != .unthrottled, !(await pause(until: due, on: clock)) { return }
            start = end
        }
    }

    /// Emits the contents of the file at `path`, such as an NMEA capture, line by line at `pace`,
    /// sleeping on `clock` as `play(_:pace:clock:)` does.
    ///
    /// - Throws: The `open`-style errors for `path` (`.notFound`, `.permissionDenied`...),
    ///   `.system` for a failed read, or `EBADF` once unplugged.
    public func play(
        contentsOf path: String, pace: Pace, clock: any Clock<Duration> = ContinuousClock()
    ) async throws(SerialPortError) {
        try await play(FileContents.read(path), pace: pace, clock: clock)
    }

    /// Sleeps until `instant` on `clock`; false when the task was cancelled.
    private func pause<C: Clock<Duration>>(until instant: C.Instant, on clock: C) async -> Bool {
        do {
            try await clock.sleep(until: instant, tolerance: nil)
            return true
        } catch {
            return false
        }
    }
}
