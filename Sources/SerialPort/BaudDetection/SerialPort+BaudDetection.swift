extension SerialPort {
    /// Finds the speed a receiver on a USB-serial bridge talks at, and leaves the port set to it.
    ///
    /// Tries `lastKnown` first, then 9600, 4800, 38400, 115200, 57600, 19200 and 230400;
    /// accepts a rate once two valid frames come through a counter, and gives up on it after
    /// `timeoutPerRate`. On a pseudo-terminal or a CDC-ACM receiver (`/dev/ttyACM*`), where
    /// the rate means nothing, returns the configured rate at once. Blocks the calling thread
    /// for up to about 7 × `timeoutPerRate`; call it from a thread that may block.
    ///
    /// - Parameters:
    ///   - lastKnown: The rate that worked last time, tried first.
    ///   - timeoutPerRate: How long to listen at each rate; 2 seconds by default, enough for
    ///     receivers that emit a burst every second.
    ///   - makeCounter: Makes a counter for each rate: fed the bytes read in chunks, it returns
    ///     how many valid frames each completed (the pipeline's framer in a full program, so
    ///     NMEA, UBX and RTCM 3 all count).
    /// - Returns: The rate found, or `nil` when none worked (the port is then back at the
    ///   configured rate).
    /// - Throws: `.disconnected` when the device goes away, or what `setBaudRate(_:)` throws.
    public func detectBaudRate(
        lastKnown: BaudRate? = nil, timeoutPerRate: Duration = .seconds(2),
        validFrames makeCounter: () -> (UnsafeRawBufferPointer) -> Int
    ) throws(SerialPortError) -> BaudRate? {
        guard hasMeaningfulBaudRate else { return configuration.baudRate }
        let original = configuration.baudRate
        let detector = BaudRateDetector(timeoutPerRate: timeoutPerRate)
        if let found = try detector.detect(on: self, lastKnown: lastKnown, validFrames: makeCounter) {
            return found
        }
        try setBaudRate(original)
        return nil
    }
}
