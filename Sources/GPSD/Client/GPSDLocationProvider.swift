import GPSReader

/// A `LocationProvider` that reads a running gpsd (or `gps serve`) over its TCP protocol, for
/// when gpsd owns the receiver: it reads a `GPSDSource` through the pipeline's
/// `NMEALocationProvider` and reports as itself (`PipelineLocationProvider`).
///
/// Authorization is reaching gpsd: once it has greeted, the status is `.authorizedWhenInUse`.
/// Failures are reported through `locationProvider(_:didFailWithError:)` as `GPSDError`s, once
/// per outage, and tried again every `recheckInterval`.
///
/// ```swift
/// let gps = GPSDLocationProvider(address: GPSDAddress(host: "localhost"))
/// let manager = AppLocationManager(provider: gps, screen: screen, trackingMode: .continuous)
/// ```
public final class GPSDLocationProvider: PipelineLocationProvider {
    /// The gpsd read.
    public let source: GPSDSource

    /// The pipeline's provider that reads `source`, reporting as this one.
    public let reader: NMEALocationProvider

    /// A provider reading the gpsd at `address`; nothing connects until
    /// `requestWhenInUseAuthorization()` or `startUpdatingLocation()`.
    ///
    /// - Parameters:
    ///   - address: gpsd's address, such as `.loopback` (`127.0.0.1:2947`).
    ///   - device: The device path to watch, for a gpsd with several receivers.
    ///   - recheckInterval: The wait between connection attempts; 2 seconds by default.
    public convenience init(address: GPSDAddress, device: String? = nil, recheckInterval: Duration = .seconds(2)) {
        self.init(source: GPSDSource(address: address, device: device, recheckInterval: recheckInterval))
    }

    /// A provider reading `source` (its device, timeouts and waits as given); nothing connects
    /// until `requestWhenInUseAuthorization()` or `startUpdatingLocation()`.
    ///
    /// - Parameter source: The gpsd and the device watched.
    public init(source: GPSDSource) {
        self.source = source
        reader = NMEALocationProvider(receiver: source, recheckInterval: source.recheckInterval)
        reader.report(as: self)
    }
}

extension NMEALocationProvider {
    /// A provider reading the gpsd at `address`: `GPSDLocationProvider` now, a type of its own.
    ///
    /// - Parameters:
    ///   - address: gpsd's address, such as `.loopback` (`127.0.0.1:2947`).
    ///   - device: The device path to watch, for a gpsd with several receivers.
    ///   - recheckInterval: The wait between connection attempts; 2 seconds by default.
    @available(*, deprecated, message: "use GPSDLocationProvider(address:device:recheckInterval:)")
    public convenience init(address: GPSDAddress, device: String? = nil, recheckInterval: Duration = .seconds(2)) {
        self.init(
            receiver: GPSDSource(address: address, device: device, recheckInterval: recheckInterval),
            recheckInterval: recheckInterval)
    }
}
