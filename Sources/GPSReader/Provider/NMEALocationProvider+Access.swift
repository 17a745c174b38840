import LocationTracking
import SerialPort

extension NMEALocationProvider {
    /// Starts the loop that asks the source for access until it is granted, unless it runs.
    /// Each distinct failure is reported once per outage, compared by value; a final one
    /// (`SerialPortError.isFinal`: not a serial device, a console) ends the loop.
    func startAccessChecks() {
        state.withLock { state in
            guard state.accessTask == nil else { return }
            let interval = recheckInterval
            let receiver = receiver
            state.accessTask = Task.detached { [weak self] in
                var lastFailure: (any Error & Sendable)?
                while !Task.isCancelled {
                    let answer = await receiver.checkAccess()
                    // Stopped meanwhile (`shutDown()`): the answer is nobody's news.
                    guard let self, !Task.isCancelled else { return }
                    switch answer {
                    case .granted:
                        self.state.withLock { $0.accessTask = nil }
                        self.reportStatus(.authorizedWhenInUse)
                        return
                    case .denied:
                        self.reportStatus(.denied)
                    case .restricted:
                        self.reportStatus(.restricted)
                    case .unavailable(let error):
                        if !ReceiverEvent.isSameFailure(error, lastFailure) { self.report(error) }
                        lastFailure = error
                        // Not a serial device, or a console: asking again cannot help.
                        if (error as? SerialPortError)?.isFinal == true {
                            self.state.withLock { $0.accessTask = nil }
                            return
                        }
                    }
                    guard await receiver.waitForChange(upTo: interval) else { return }
                }
            }
        }
    }
}
