import LocationTracking

/// An `NMEALocationProvider` as the sink of its source's run: access answers, fixes, satellites
/// and failures go to the provider's delegate. A refusal of access ends the run (the provider
/// then checks access until it is granted).
final class ProviderSink: ReceiverSink {
    private let provider: NMEALocationProvider
    /// Whether the run ended because access was refused.
    private(set) var isRefused = false

    init(_ provider: NMEALocationProvider) {
        self.provider = provider
    }

    var wantsMoreEvents: Bool { !isRefused }

    func receive(_ event: ReceiverEvent) {
        switch event {
        case .access(let status):
            provider.reportStatus(status)
            isRefused = !status.isAuthorized
        case .opened:
            provider.reportStatus(.authorizedWhenInUse)
        case .epoch(let epoch):
            provider.report(epoch)
        case .garbled(let error):
            provider.report(error)
        case .failed(let error), .unplugged(let error):
            provider.report(error)
        case .bytes, .frames, .quiet:
            break
        }
    }
}
