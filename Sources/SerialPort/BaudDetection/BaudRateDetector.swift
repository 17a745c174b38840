/// What the detector needs from a port; `SerialPort` in production, a fake line in tests.
protocol BaudRateProbe: AnyObject {
    func setBaudRate(_ baudRate: SerialPort.BaudRate) throws(SerialPortError)
    func read(into buffer: UnsafeMutableRawBufferPointer, timeout: Duration?) throws(SerialPortError) -> Int
}

extension SerialPort: BaudRateProbe {}

/// Hunts for a receiver's line speed the way gpsd does: listen at each candidate rate until
/// enough sentences pass the caller's validator, or give up on that rate.
struct BaudRateDetector {
    /// The rates GPS receivers ship with, most common first.
    static let searchOrder: [SerialPort.BaudRate] = [9600, 4800, 38400, 115200, 57600, 19200, 230400]

    /// How long to listen at one rate.
    var timeoutPerRate: Duration
    /// Valid sentences needed to accept a rate: one could be luck.
    var sentencesRequired = 2

    /// `lastKnown` first, then `searchOrder`, without repeats.
    func candidates(lastKnown: SerialPort.BaudRate?) -> [SerialPort.BaudRate] {
        var rates = lastKnown.map { [$0] } ?? []
        for rate in Self.searchOrder where !rates.contains(rate) { rates.append(rate) }
        return rates
    }

    /// The first candidate at which `probe` delivers valid sentences, or `nil`.
    func detect(
        on probe: some BaudRateProbe, lastKnown: SerialPort.BaudRate?,
        isValidSentence: (UnsafeRawBufferPointer) -> Bool
    ) throws(SerialPortError) -> SerialPort.BaudRate? {
        for rate in candidates(lastKnown: lastKnown) {
            try probe.setBaudRate(rate)
            if try hearsSentences(on: probe, isValidSentence: isValidSentence) { return rate }
        }
        return nil
    }

    /// Whether `sentencesRequired` valid lines arrive within `timeoutPerRate`.
    private func hearsSentences(
        on probe: some BaudRateProbe, isValidSentence: (UnsafeRawBufferPointer) -> Bool
    ) throws(SerialPortError) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeoutPerRate)
        var lines = LineSplitter()
        var valid = 0
        var block = [UInt8](repeating: 0, count: 256)
        while case let left = ContinuousClock.now.duration(to: deadline), left > .zero {
            let count = try block.withUnsafeMutableBytes { buffer in
                Result { () throws(SerialPortError) in try probe.read(into: buffer, timeout: left) }
            }.get()
            for byte in block[..<count] {
                guard let line = lines.append(byte) else { continue }
                if line.withUnsafeBytes(isValidSentence) { valid += 1 }
                if valid == sentencesRequired { return true }
            }
        }
        return false
    }
}

/// Cuts a byte stream into lines without their `\r\n`, dropping the first fragment (it
/// started before we listened) and lines too long to be NMEA.
struct LineSplitter {
    /// The longest line kept, in bytes; NMEA allows 82, some receivers emit a little more.
    static let maximumLength = 200

    private var line: [UInt8] = []
    private var isSynchronized = false
    private var isOverlong = false

    /// Feeds one byte; returns a complete line when `byte` ends one.
    mutating func append(_ byte: UInt8) -> [UInt8]? {
        guard byte == UInt8(ascii: "\n") else {
            if line.count < Self.maximumLength { line.append(byte) } else { isOverlong = true }
            return nil
        }
        defer {
            line.removeAll(keepingCapacity: true)
            isSynchronized = true
            isOverlong = false
        }
        guard isSynchronized, !isOverlong else { return nil }
        return line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : line
    }
}
