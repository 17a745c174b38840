import GPSReader

/// Replays the capture at `path` as fast as possible through `NMEALocationProvider` alone (no
/// flow, no screen) and prints how many fixes it reported; `/usr/bin/time -v` around it gives
/// the provider's peak memory for that capture.
enum ReplaySoak {
    static func run(path: String) async {
        let events = ProviderEvents()
        let provider = NMEALocationProvider(source: .capture(.file(path), pace: .asFastAsPossible))
        provider.delegate = events
        provider.startUpdatingLocation()
        let summary = await provider.readingEnded()
        print("\(summary.fixes) fixes reported, \(summary.validFixes) valid")
    }
}
