/// The tracking flow: authorization, the restriction screen, updates, filtering, delivery and
/// the `LocationState`.
///
/// Five lines give a screen the whole flow:
///
/// ```swift
/// final class MapScreen: TrackableLocationScreen, LocationRestrictionConfigurable {
///     let router: any Router = AppRouter()
///     lazy var locationManager: any LocationManager = AppLocationManager(
///         provider: gps, screen: self, trackingMode: .continuous)  // the default, .oneShot, stops after one fix
///     func handleLocationUpdate(lat: Double, lng: Double) async { show(lat, lng) }
/// }
/// screen.startTrackingLocation()
/// ```
///
/// After `startTrackingLocation()` it waits `startDelay` (so the screen draws before any prompt
/// or restriction), becomes the provider's delegate and acts on the authorization status:
/// `notDetermined` asks the provider; `denied` and `restricted` show
/// `Route.locationRestricted` through the screen's `nestedRouter` (`nested: true`) or else its
/// `router` (`nested: false`), with the screen's title, subtitle and `shouldBlock`; the two
/// authorized statuses start updates. Each later change re-enters that switch with the status
/// as it is then, so access granted while the restriction shows starts updates with no restart.
///
/// Of each batch of fixes only the newest counts; it is dropped unless `Location.isValidFix`
/// (no fix, invalid status, or exactly (0, 0)), and held back, counted, when it is less
/// accurate than `desiredAccuracy`. A good fix becomes `currentLocation` and, as
/// `trackingMode`, `distanceFilter` and `stationaryDetection` allow, goes to the screen's
/// `handleLocationUpdate(_:)` (whose defaults pass the fix, then lat/lng, on) and to every
/// `locations` sequence. It also updates the monitored regions (`startMonitoring(for:)`),
/// whose events go to the screen's `handleRegionEvent(_:)`, and, after
/// `startUpdatingHeading()`, gives `handleHeadingUpdate(_:)` its heading. Every setting is off
/// by default. Provider errors go to the logger and to `state`.
///
/// Delivery holds under load, whatever the provider's speed:
/// - The screen is never re-entered: one call at a time, in order. While a call runs, newer
///   fixes wait in a single slot where each replaces the last; when the call returns, the
///   screen gets the newest good fix, and the fixes in between are skipped (what a map wants;
///   a consumer that must see every epoch reads the provider's lossless path instead). Region
///   events wait in order and are never skipped; headings wait in a slot of their own.
/// - Provider callbacks reach the main actor through an inbox that holds at most one event of
///   each kind (fixes, authorization, error): when the main actor falls behind, it handles the
///   newest, never a backlog. Errors are logged as they arrive, every one.
/// - Each `locations` and `states` sequence buffers at most 16 values, keeping the newest.
///
/// The screen owns the manager, so the manager holds the screen weakly; when the screen goes
/// away, or on `stopTrackingLocation()`, the provider's updates stop.
@MainActor
public final class AppLocationManager: LocationManager {
    /// What the manager needs of a screen: fixes in, and what to show when access is blocked.
    public typealias Screen = TrackableLocationScreen & LocationRestrictionConfigurable

    /// The source of fixes.
    public let provider: any LocationProvider

    /// How many fixes the screen receives; read at each fix, so a change applies at once.
    public var trackingMode: TrackingMode

    /// Whether a receiver's simulator mode and manual input (GGA quality 7 and 8, mode letters
    /// `M` and `S`) count as fixes: off by default, since they are not positions from the sky;
    /// a demo or a test bench turns it on. Read at each fix.
    public var acceptsSimulatedFixes = false

    /// How long `startTrackingLocation()` waits before the flow begins.
    public let startDelay: Duration

    /// The last good fix, cached; `nil` before the first. Kept even when the tracking mode
    /// does not deliver the fix.
    public internal(set) var currentLocation: Location?

    /// The receiver's last sky view while updating; `nil` before the first and after a failure.
    public internal(set) var satellites: SatelliteView?

    /// The last heading given to the screen after `startUpdatingHeading()`; `nil` before.
    public internal(set) var heading: Heading?

    /// The speed in metres per second from which the course over ground gives a heading, when
    /// the receiver sends no heading of its own; default `Heading.minimumCourseSpeed`, 1 m/s.
    public var minimumSpeedForCourseHeading = Heading.minimumCourseSpeed

    let logger: any LocationLogger
    let inbox = ProviderInbox()
    let locationSubscribers = Broadcast<Location>(bufferingNewest: 16)
    let stateSubscribers = Broadcast<LocationState>(bufferingNewest: 16)
    let clock: FlowClock
    var machine: LocationStateMachine
    /// When `currentLocation` arrived, on `clock`.
    var currentLocationReceivedAt: Duration?
    /// The calls waiting for the screen while one runs.
    var queuedForScreen = ScreenCalls()
    /// Desired accuracy, distance filter, stillness and regions.
    var filter = LocationFilter()
    /// `distanceFilter` as set; the filter applies the larger of it and the tracking mode's.
    var requestedDistanceFilter: Double?
    var isUpdatingHeading = false
    /// Runs the calls to the screen, one at a time; `nil` when none runs or waits.
    var screenDelivery: Task<Void, Never>?
    var lostTimer: Task<Void, Never>?
    /// The lost deadline `lostTimer` sleeps until, moved by every fix.
    var lostAlarm: FlowAlarm?

    weak var screen: (any Screen)?
    private var phase = Phase.idle
    /// The access the switch last acted on; `nil` until tracking begins.
    private var handledAccess: AuthorizationStatus.Access?
    private(set) var isUpdating = false

    private enum Phase {
        case idle
        case waitingToStart(Task<Void, Never>)
        case tracking
    }

    /// Creates the flow for a screen; nothing happens until `startTrackingLocation()`.
    ///
    /// - Parameters:
    ///   - provider: The source of fixes.
    ///   - screen: The consumer; held weakly, since it owns this manager.
    ///   - trackingMode: How many fixes the screen receives; default `.oneShot`.
    ///   - startDelay: The wait before the flow begins; default 1 second.
    ///   - minimumLostTimeout: The least time without a good fix before `state` turns
    ///     `.lost`; the timeout is 3 × the observed epoch interval when that is longer.
    ///     Default 3 seconds.
    ///   - clock: The clock that times `startDelay`, the lost timeout and the age of fixes;
    ///     default `ContinuousClock()`. Tests inject a manual one.
    ///   - logger: Where events and provider errors are reported; default `.silent`.
    public init(
        provider: any LocationProvider,
        screen: some Screen,
        trackingMode: TrackingMode = .oneShot,
        startDelay: Duration = .seconds(1),
        minimumLostTimeout: Duration = .seconds(3),
        clock: any Clock<Duration> = ContinuousClock(),
        logger: any LocationLogger = .silent
    ) {
        self.provider = provider
        self.screen = screen
        self.trackingMode = trackingMode
        self.startDelay = startDelay
        self.clock = FlowClock(clock)
        self.logger = logger
        machine = LocationStateMachine(minimumLostTimeout: minimumLostTimeout)
    }

    /// Handles every event waiting in the inbox, in order.
    func drainInbox() {
        for event in inbox.take() { handle(event) }
    }

    // The screen owned this manager, so it is gone too: the provider must not keep reading for
    // nobody. Isolated, because the state it reads belongs to the main actor.
    isolated deinit {
        inbox.close()
        lostTimer?.cancel()
        if case .waitingToStart(let task) = phase { task.cancel() }
        if isUpdating { provider.stopUpdatingLocation() }
        locationSubscribers.finish()
        stateSubscribers.finish()
    }

    /// Runs the whole flow after `startDelay`; does nothing while already started (see
    /// `LocationManager.startTrackingLocation()`).
    public func startTrackingLocation() {
        guard case .idle = phase else {
            logger.log(.debug, "startTrackingLocation() while already started: ignored")
            return
        }
        let clock = clock, startDelay = startDelay
        phase = .waitingToStart(Task { [weak self] in
            do {
                try await clock.sleep(for: startDelay)
            } catch {
                return  // cancelled by stopTrackingLocation() or deinit: the flow must not begin
            }
            self?.beginTracking()
        })
    }

    /// Gets a fresh fix when already authorized: no delay, no prompt, and the next good fix is
    /// delivered whatever the tracking mode. Without authorization it logs a warning and does
    /// nothing; `startTrackingLocation()` is the call that asks.
    public func startUpdatingLocation() {
        let status = provider.authorizationStatus
        guard status.isAuthorized else {
            logger.log(.warning, "startUpdatingLocation() with authorization \(status): ignored")
            return
        }
        if case .waitingToStart(let task) = phase { task.cancel() }
        becomeDelegate()
        handledAccess = .granted
        startUpdates()
    }

    /// Stops tracking and the provider's updates; callbacks already queued are ignored, and
    /// calls waiting for the screen (a fix, region events, a heading) are dropped. `state`
    /// becomes `.idle`.
    public func stopTrackingLocation() {
        if case .waitingToStart(let task) = phase { task.cancel() }
        phase = .idle
        handledAccess = nil
        queuedForScreen.removeAll()
        stopUpdates()
        if provider.delegate === self { provider.delegate = nil }
        updateState { $0.stopped() }
    }

    private func beginTracking() {
        guard case .waitingToStart = phase else { return }
        becomeDelegate()
        enterAuthorizationSwitch(provider.authorizationStatus)
    }

    private func becomeDelegate() {
        phase = .tracking
        provider.delegate = self
    }

    private func handle(_ event: ProviderEvent) {
        switch event {
        case .failure(let error):
            // Logged on arrival, in locationProvider(_:didFailWithError:).
            guard case .tracking = phase else { return }
            satellites = nil
            updateState { $0.failed(error) }
        case .authorizationChanged:
            guard isFollowingProvider() else { return }
            // The callback may have waited behind a newer change (or come from before a
            // stop and restart): act on the status as it is now, as CoreLocation's
            // locationManagerDidChangeAuthorization(_:) does.
            let status = provider.authorizationStatus
            logger.log(.info, "authorization is \(status)")
            enterAuthorizationSwitch(status)
        case .locations(let batch):
            guard isFollowingProvider() else { return }
            handleBatch(batch)
        case .satellites(let view):
            guard isFollowingProvider(), isUpdating else { return }
            satellites = view
            updateState { $0.satellites(inView: view.inViewCount) }
        }
    }

    /// Whether callbacks still matter: tracking, for a screen that is still there. When the
    /// screen has gone, tracking stops here.
    private func isFollowingProvider() -> Bool {
        guard case .tracking = phase else {
            logger.log(.debug, "ignored a provider callback while not tracking")
            return false
        }
        guard screen != nil else {
            logger.log(.info, "the screen is gone: stopping")
            stopTrackingLocation()
            return false
        }
        return true
    }

    private func enterAuthorizationSwitch(_ status: AuthorizationStatus) {
        guard status.access != handledAccess else { return }
        handledAccess = status.access
        switch status {
        case .notDetermined:
            updateState { $0.access(is: status) }
            provider.requestWhenInUseAuthorization()
        case .restricted, .denied:
            stopUpdates()
            updateState { $0.access(is: status) }
            screen?.showLocationRestriction()
        case .authorizedWhenInUse, .authorizedAlways:
            startUpdates()
        }
    }

    /// Starts the provider unless it runs; either way the next good fix is delivered, as a
    /// fresh start of updates deserves whatever the tracking mode.
    private func startUpdates() {
        filter.restart()
        guard !isUpdating else { return }
        isUpdating = true
        updateState { $0.access(is: .authorizedWhenInUse) }
        provider.startUpdatingLocation()
    }

    private func stopUpdates() {
        guard isUpdating else { return }
        isUpdating = false
        lostTimer?.cancel()  // no fix is expected, so none can be lost
        lostTimer = nil
        lostAlarm = nil
        provider.stopUpdatingLocation()
    }

    private func handleBatch(_ batch: [Location]) {
        guard isUpdating, let newest = batch.last else { return }
        let now = clock.now
        guard newest.isValidFix(acceptingSimulated: acceptsSimulatedFixes) else {
            logger.log(.debug, "dropped a fix that is not a position: \(newest.coordinate)")
            updateState { $0.received(newest, as: .noFix, at: now) }
            return
        }
        filter.distanceFilter = effectiveDistanceFilter
        let outcome = filter.consider(newest, arrival: now)
        if outcome.verdict == .inaccurate {
            logger.log(.debug, "held back a fix less accurate than desired: ± \(newest.horizontalAccuracy ?? .nan) m")
            updateState { $0.received(newest, as: .inaccurate, at: now) }
        } else {
            currentLocation = newest
            currentLocationReceivedAt = now
            updateState { $0.received(newest, as: .good, at: now) }
        }
        if let update = outcome.update {
            locationSubscribers.yield(update.location)
            deliverToScreen(.update(update))
        }
        for event in outcome.regionEvents { deliverToScreen(.regionEvent(event)) }
        if isUpdatingHeading, let heading = Heading(newest, minimumCourseSpeed: minimumSpeedForCourseHeading) {
            self.heading = heading
            deliverToScreen(.heading(heading))
        }
        if outcome.update != nil, trackingMode == .oneShot { stopUpdates() }
    }
}
