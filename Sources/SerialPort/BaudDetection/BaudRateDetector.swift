/// What the detector needs from a port; `SerialPort` in production, a fake line in tests.
protocol BaudRateProbe: AnyObject {
    func setBaudRate(_ baudRate: SerialPort.BaudRate) throws(SerialPortError)
    func read(into buffer: UnsafeMutableRawBufferPointer, timeout: Duration?) throws(SerialPortError) -> Int
}

extension SerialPort: BaudRateProbe {}

/// Hunts for a receiver's line speed the way gpsd does: listen at each candidate rate until
/// enough valid frames come through the caller's counter, or give up on that rate.
struct BaudRateDetector {
    /// The rates GPS receivers ship with, most common first.
    static let searchOrder: [SerialPort.BaudRate] = [9600, 4800, 38400, 115200, 57600, 19200, 230400]

    /// How long to listen at one rate.
    var timeoutPerRate: Duration
    /// Valid frames needed to accept a rate: one could be luck.
    var framesRequired = 2

    /// `lastKnown` first, then `searchOrder`, without repeats.
    func candidates(lastKnown: SerialPort.BaudRate?) -> [SerialPort.BaudRate] {
        var rates = lastKnown.map { [$0] } ?? []
        for rate in Self.searchOrder where !rates.contains(rate) { rates.append(rate) }
        return rates
    }

    /// The first candidate at which `probe` delivers valid frames, or `nil`. Each rate is
    /// listened to with a counter of its own from `makeCounter`: what one rate framed never
    /// counts at the next.
    func detect(
        on probe: some BaudRateProbe, lastKnown: SerialPort.BaudRate?,
        validFrames makeCounter: () -> (UnsafeRawBufferPointer) -> Int
    ) throws(SerialPortError) -> SerialPort.BaudRate? {
        for rate in candidates(lastKnown: lastKnown) {
            try probe.setBaudRate(rate)
            if try hearsFrames(on: probe, countingWith: makeCounter()) { return rate }
        }
        return nil
    }

    /// Whether `framesRequired` valid frames arrive within `timeoutPerRate`.
    private func hearsFrames(
        on probe: some BaudRateProbe, countingWith count: (UnsafeRawBufferPointer) -> Int
    ) throws(SerialPortError) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeoutPerRate)
        var valid = 0
        var block = [UInt8](repeating: 0, count: 256)
        while case let left = ContinuousClock.now.duration(to: deadline), left > .zero {
            let read = try block.withUnsafeMutableBytes { buffer in
                Result { () throws(SerialPortError) in try probe.read(into: buffer, timeout: left) }
            }.get()
            valid += block.withUnsafeBytes { count(UnsafeRawBufferPointer(rebasing: $0[..<read])) }
            if valid >= framesRequired { return true }
        }
        return false
    }
}
