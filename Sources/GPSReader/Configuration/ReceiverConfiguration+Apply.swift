import UBX

extension ReceiverConfiguration {
    /// Writes `steps` in order, each confirmed before the next: an ACK-NAK is noted and the
    /// next step written; silence or an unplug stops, and the steps after are not tried.
    ///
    /// A speed step is followed: the device is reopened at the new speed and polled (MON-VER);
    /// when nothing answers there, it is reopened at the old speed and polled again, and the
    /// outcome says where the receiver was heard (``SpeedChangeOutcome``). The receiver may
    /// switch before its acknowledgement is on the wire, so a speed step's silence is not a
    /// failure by itself: being heard at the new speed is.
    public func apply(_ steps: [ConfigurationStep]) async -> ConfigurationOutcome {
        var outcome = ConfigurationOutcome()
        for (index, step) in steps.enumerated() {
            do throws(ReceiverConfigurationError) {
                do throws(ReceiverConfigurationError) {
                    try await command(step.frame)
                } catch {
                    guard case .silent = error, step.newBaudRate != nil else { throw error }
                }
                if let speed = step.newBaudRate {
                    let heard = await follow(to: speed)
                    outcome.speed = heard
                    guard case .heard = heard else { throw .speedNotFollowed(heard) }
                }
                outcome.applied.append(step)
            } catch {
                outcome.failed.append((step, error))
                switch error {
                case .refused, .notApplicable: continue
                case .speedNotFollowed(.stillAt): continue
                default:
                    outcome.notTried = Array(steps[(index + 1)...])
                    return outcome
                }
            }
        }
        return outcome
    }

    /// Reopens the device at `speed` and polls; else at the speed it was open at.
    private func follow(to speed: Int) async -> SpeedChangeOutcome {
        let old = baudRate ?? 9600
        if await isHeard(at: speed) { return .heard(at: speed) }
        if await isHeard(at: old) { return .stillAt(old: old, new: speed) }
        return .lost(old: old, new: speed)
    }

    /// Whether the receiver answers a MON-VER poll on the device opened at `speed`.
    private func isHeard(at speed: Int) async -> Bool {
        do throws(ReceiverConfigurationError) {
            try await open(baudRate: speed)
            _ = try await identify()
            return true
        } catch {
            return false
        }
    }
}
