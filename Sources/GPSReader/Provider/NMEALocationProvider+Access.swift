import LocationTracking
import SerialPort

extension NMEALocationProvider {
    /// What one attempt to open the device said about access.
    enum AccessAnswer {
        case granted, denied, restricted
        case unavailable(any Error)
    }

    /// Starts the loop that opens the device until access is granted, unless it runs.
    func startAccessChecks() {
        state.withLock { state in
            guard state.accessTask == nil else { return }
            let interval = recheckInterval
            state.accessTask = Task.detached { [weak self] in
                var lastFailure: String?
                while !Task.isCancelled {
                    guard let self else { return }
                    switch self.checkAccess() {
                    case .granted:
                        self.state.withLock { $0.accessTask = nil }
                        self.reportStatus(.authorizedWhenInUse)
                        return
                    case .denied:
                        self.reportStatus(.denied)
                    case .restricted:
                        self.reportStatus(.restricted)
                    case .unavailable(let error):
                        // Once per outage, not once per attempt.
                        if "\(error)" != lastFailure { self.report(error) }
                        lastFailure = "\(error)"
                    }
                    try? await Task.sleep(for: interval)
                }
            }
        }
    }

    /// Opens and closes the device once.
    func checkAccess() -> AccessAnswer {
        guard let locator else { return .granted }
        let path: String
        do throws(GPSReaderError) {
            path = try locator.currentPath()
        } catch {
            return .unavailable(error)
        }
        do throws(SerialPortError) {
            try locator.opener(path, SerialPort.Configuration()).close()
            return .granted
        } catch {
            return Self.answer(to: error)
        }
    }

    /// `EACCES` is a denial, `EPERM` a restriction; a device that is busy, or at the wrong
    /// speed, is there and may be opened: the reader deals with it. Anything else means the
    /// device is not available yet.
    static func answer(to error: SerialPortError) -> AccessAnswer {
        switch error {
        case .permissionDenied: .denied
        case .notPermitted: .restricted
        case .busy, .unsupportedBaudRate: .granted
        default: .unavailable(error)
        }
    }
}
