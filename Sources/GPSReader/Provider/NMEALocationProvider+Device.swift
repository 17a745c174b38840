import Dispatch
import LocationTracking
import NMEA
import SerialPort

extension NMEALocationProvider {
    /// How one attempt to read the device ended.
    private enum ReadOutcome {
        /// Updates were stopped.
        case stopped
        /// Access is refused: the status to report.
        case blocked(AuthorizationStatus)
        /// The device could not be used; tried again after `recheckInterval`.
        case failed(any Error)
        /// The device went away while being read.
        case disconnected(SerialPortError)
        /// The speed found by hunting gave garbage (reported already): the receiver was
        /// switched to another speed, to be hunted for again.
        case garbled
    }

    /// Reads the device until updates stop: waits for it while it is missing, and again after
    /// each unplug. A refusal of access ends reading and starts the access checks.
    func readDevice(baudRate: SerialPort.BaudRate?) async {
        guard let locator else { return }
        var lastFailure: String?
        while !Task.isCancelled {
            switch await readOnce(locator, baudRate: baudRate) {
            case .stopped:
                return
            case .blocked(let status):
                reportStatus(status)
                startAccessChecks()
                return
            case .failed(let error):
                // Once per outage, not once per attempt.
                if "\(error)" != lastFailure { report(error) }
                lastFailure = "\(error)"
            case .disconnected(let error):
                report(error)
                lastFailure = nil
            case .garbled:
                lastFailure = nil
            }
            try? await Task.sleep(for: recheckInterval)
        }
    }

    private func readOnce(_ locator: DeviceLocator, baudRate: SerialPort.BaudRate?) async -> ReadOutcome {
        let path: String
        do throws(GPSReaderError) {
            path = try locator.currentPath()
        } catch {
            return .failed(error)
        }
        let port: SerialPort
        do throws(SerialPortError) {
            let rate = baudRate ?? state.withLock { $0.lastBaudRate } ?? 9600
            port = try locator.opener(path, SerialPort.Configuration(baudRate: rate))
        } catch {
            switch error {
            case .permissionDenied: return .blocked(.denied)
            case .notPermitted: return .blocked(.restricted)
            default: return .failed(error)
            }
        }
        defer { port.close() }
        reportStatus(.authorizedWhenInUse)
        let isHunted = baudRate == nil && port.hasMeaningfulBaudRate
        if isHunted {
            switch await detectBaudRate(of: port) {
            case .success(let rate?): state.withLock { $0.lastBaudRate = rate }
            case .success(nil): return .failed(GPSReaderError.noNMEA(path: path))
            case .failure(.disconnected(let path, let errno)): return .disconnected(.disconnected(path: path, errno: errno))
            case .failure(let error): return .failed(error)
            }
        }
        return await readFixes(from: port, isHunted: isHunted)
    }

    /// Hunts for the speed on a thread that may block for seconds, off the cooperative pool.
    private func detectBaudRate(of port: SerialPort) async -> Result<SerialPort.BaudRate?, SerialPortError> {
        let lastKnown = state.withLock { $0.lastBaudRate }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { () throws(SerialPortError) in
                    try port.detectBaudRate(lastKnown: lastKnown, isValidSentence: NMEALineValidator.isValidSentence)
                })
            }
        }
    }

    /// How long the line must stay silent after bytes for the receiver's burst to be over, and
    /// the epoch the assembler holds reported (`FixAssembler.endEpoch(_:)`): the longest an
    /// epoch whose end the assembler cannot tell waits. Half a second is far beyond any pause
    /// inside a burst (a character takes about 2 ms at 4800 baud, and a burst is sent in one
    /// go) and shorter than the gap after a burst at 1 Hz; a receiver that leaves no such gap
    /// (10 Hz, or bursts that fill the second at 4800 baud) starts its next epoch sooner.
    public static let quietInterval = Duration.milliseconds(500)

    /// Reads until updates stop or the device fails. An epoch is reported when the assembler
    /// completes it, or when the line has been quiet for `quietInterval` after it. Garbage (a
    /// receiver at another speed) is reported once per spell; then a speed found by hunting is
    /// hunted for again, and a speed that was given (or means nothing) is read on, since the
    /// receiver may be switched to it.
    private func readFixes(from port: SerialPort, isHunted: Bool) async -> ReadOutcome {
        var framer = NMEAFramer()
        var assembler = FixAssembler()
        var garble = GarbleDetector()
        do throws(SerialPortError) {
            for try await arrival in port.arrivals(quietInterval: Self.quietInterval) {
                guard case .bytes(let chunk) = arrival else {
                    assembler.endEpoch { report($0) }
                    continue
                }
                var framedSentence = false
                chunk.withUnsafeBytes { bytes in
                    framer.append(bytes) { result in
                        guard case .success(let sentence) = result else { return }
                        framedSentence = true
                        assembler.consume(sentence) { report($0) }
                    }
                }
                if garble.record(chunk.count, framedSentence: framedSentence) {
                    report(GPSReaderError.garbled(path: port.path, baudRate: port.configuration.baudRate))
                    if isHunted { return .garbled }
                }
            }
            return .stopped
        } catch {
            if case .disconnected = error { return .disconnected(error) }
            return .failed(error)
        }
    }
}
