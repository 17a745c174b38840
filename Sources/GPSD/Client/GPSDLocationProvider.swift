import Foundation
import GPSReader
import LocationTracking
import NMEA
import Locking

/// A `LocationProvider` that reads a running gpsd (or `gps serve`) over its TCP protocol, for
/// when gpsd owns the receiver.
///
/// It connects, asks `?WATCH={"enable":true,"nmea":true}` and feeds the NMEA that gpsd relays
/// through `NMEAFramer` and `FixAssembler`, so fixes are exactly those the receiver would give
/// `NMEALocationProvider`. Authorization is reaching gpsd: once connected the status is
/// `.authorizedWhenInUse`. A refused connection (gpsd not running) is reported through
/// `locationProvider(_:didFailWithError:)` as `GPSDError.connectionRefused` and tried again
/// every `recheckInterval`, as a missing device is; gpsd going away mid-stream is
/// `GPSDError.disconnected`, followed by a reconnect. Each distinct failure is reported once
/// per outage. An ERROR gpsd answers with (`No such device as /dev/ttyUSB9`, for a `device` it
/// does not have) is reported as `GPSDError.answered`.
///
/// Connecting and reading happen on a thread of its own; delegate callbacks come from it.
///
/// ```swift
/// let gps = GPSDLocationProvider(address: GPSDAddress(host: "localhost"))
/// let manager = AppLocationManager(provider: gps, screen: screen, trackingMode: .continuous)
/// ```
public final class GPSDLocationProvider: LocationProvider {
    /// Where gpsd listens.
    public let address: GPSDAddress
    /// The receiver to watch, for a gpsd that serves several; `nil` for all of them.
    public let device: String?
    /// The wait between connection attempts.
    public let recheckInterval: Duration

    private let state = LockedState(State())

    private struct State {
        var status = AuthorizationStatus.notDetermined
        weak var delegate: (any LocationProviderDelegate)?
        var reader: ConnectionLoop?
        var prober: ConnectionLoop?
    }

    /// Creates a provider; nothing connects until `requestWhenInUseAuthorization()` or
    /// `startUpdatingLocation()`.
    ///
    /// - Parameters:
    ///   - address: gpsd's address; `127.0.0.1:2947` by default.
    ///   - device: The device path to watch, for a gpsd with several receivers.
    ///   - recheckInterval: The wait between connection attempts; 2 seconds by default.
    public init(address: GPSDAddress = .loopback, device: String? = nil, recheckInterval: Duration = .seconds(2)) {
        self.address = address
        self.device = device
        self.recheckInterval = recheckInterval
    }

    deinit {
        let loops = state.withLock { [$0.reader, $0.prober] }
        for loop in loops { loop?.stop() }
    }

    /// `.authorizedWhenInUse` once gpsd has answered, `.notDetermined` before.
    public var authorizationStatus: AuthorizationStatus {
        state.withLock { $0.status }
    }

    /// The receiver of fixes, authorization changes and errors; held weakly.
    public var delegate: (any LocationProviderDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// Connects (now, then every `recheckInterval` until gpsd answers) and reports
    /// `.authorizedWhenInUse`; does nothing while already connected or trying.
    public func requestWhenInUseAuthorization() {
        state.withLock { state in
            guard state.status != .authorizedWhenInUse, state.prober == nil, state.reader == nil else { return }
            state.prober = ConnectionLoop(provider: self, streams: false)
        }
    }

    /// Connects and reports a fix per epoch, reconnecting whenever gpsd goes away, until
    /// `stopUpdatingLocation()`. Does nothing while already reading.
    public func startUpdatingLocation() {
        let prober: ConnectionLoop? = state.withLock { state in
            guard state.reader == nil else { return nil }
            state.reader = ConnectionLoop(provider: self, streams: true)
            defer { state.prober = nil }
            return state.prober
        }
        prober?.stop()
    }

    /// Stops reading and closes the connection; calling it when not reading does nothing.
    public func stopUpdatingLocation() {
        let reader = state.withLock { state in
            defer { state.reader = nil }
            return state.reader
        }
        reader?.stop()
    }

    // MARK: Reporting (from a connection thread)

    /// Whether `loop` is the current one: a stopped loop finishing late reports nothing.
    private func isCurrent(_ loop: ConnectionLoop, _ state: State) -> Bool {
        state.reader === loop || state.prober === loop
    }

    func connected(from loop: ConnectionLoop) {
        let delegate: (any LocationProviderDelegate)? = state.withLock { state in
            guard isCurrent(loop, state), state.status != .authorizedWhenInUse else { return nil }
            state.status = .authorizedWhenInUse
            return state.delegate
        }
        delegate?.locationProvider(self, didChangeAuthorization: .authorizedWhenInUse)
    }

    func probeSucceeded(_ loop: ConnectionLoop) {
        state.withLock { state in
            if state.prober === loop { state.prober = nil }
        }
    }

    func report(_ error: any Error, from loop: ConnectionLoop) {
        state.withLock { isCurrent(loop, $0) ? $0.delegate : nil }?.locationProvider(self, didFailWithError: error)
    }

    /// Reports an epoch as `NMEALocationProvider` does: its satellites first, then its fix.
    func report(_ epoch: EpochReport, from loop: ConnectionLoop) {
        guard let delegate = state.withLock({ isCurrent(loop, $0) ? $0.delegate : nil }) else { return }
        if let view = epoch.satellites { delegate.locationProvider(self, didUpdateSatellites: view) }
        if let location = epoch.location { delegate.locationProvider(self, didUpdateLocations: [location]) }
    }
}
