/// A consumer of fixes: anything that shows or uses a position (a CLI view, a daemon, a service).
///
/// Conform, hold a `LocationManager` (an `AppLocationManager` built with `self`, declared
/// `any LocationManager`), and implement `handleLocationUpdate(lat:lng:)`; the extension gives
/// `startTrackingLocation()`, `startUpdatingLocation()`, `stopTrackingLocation()` and
/// `currentLocation`. To be wired to an `AppLocationManager` a screen must also be
/// `LocationRestrictionConfigurable`.
///
/// Main-actor isolated, as the flow that drives it is.
@MainActor
public protocol TrackableLocationScreen: AnyObject {
    /// The manager this screen owns; it holds the screen weakly. Declare it with its type,
    /// `lazy var locationManager: any LocationManager = AppLocationManager(…)`: an inferred
    /// `AppLocationManager` does not satisfy this requirement.
    var locationManager: any LocationManager { get }

    /// Receives a good fix, as the tracking mode allows: never while a previous call runs, and
    /// then the newest fix (the ones that came meanwhile are skipped).
    ///
    /// - Parameters:
    ///   - lat: Latitude in WGS-84 degrees, north positive.
    ///   - lng: Longitude in WGS-84 degrees, east positive.
    func handleLocationUpdate(lat: Double, lng: Double) async

    /// Receives a good fix whole (time, altitude, speed, accuracy...), as the tracking mode
    /// allows. The default passes its coordinate to `handleLocationUpdate(lat:lng:)`; a screen
    /// that shows more than the position implements this one as well, and leaves
    /// `handleLocationUpdate(lat:lng:)`, still required, empty. (No default for the latter: a
    /// screen that implemented neither would compile and never see a fix.)
    ///
    /// - Parameter location: The fix, valid by `Location.isValidFix`.
    func handleLocationUpdate(_ location: Location) async

    /// Receives a good fix with what the flow knows about it (`LocationUpdate.isStationary`),
    /// as the tracking mode and filters allow. The default passes its fix to
    /// `handleLocationUpdate(_:)`; a screen that shows stillness implements this one.
    ///
    /// - Parameter update: The update; its fix is valid by `Location.isValidFix`.
    func handleLocationUpdate(_ update: LocationUpdate) async

    /// Receives each event of the regions the manager monitors (`AppLocationManager.startMonitoring(for:)`):
    /// first state, entry, exit; in order, and in order with the fixes, one call at a time as
    /// they are. Events are never skipped, though a fix waiting behind them may be. Optional:
    /// the default does nothing.
    ///
    /// - Parameter event: The event.
    func handleRegionEvent(_ event: RegionEvent) async

    /// Receives the newest heading while the manager updates headings
    /// (`AppLocationManager.startUpdatingHeading()`), one call at a time, in order with the
    /// fixes; a heading that waited behind a call is replaced by a newer one. Optional: the
    /// default does nothing.
    ///
    /// - Parameter heading: Where the vehicle points.
    func handleHeadingUpdate(_ heading: Heading) async

    /// Receives each change of the manager's `LocationState` (acquiring, located, lost,
    /// failed...), at once and in order. Optional: the default does nothing, as a screen that
    /// shows only positions needs no state.
    ///
    /// - Parameter state: The new state.
    func handleLocationStateChange(_ state: LocationState)
}

extension TrackableLocationScreen {
    /// Passes the fix's latitude and longitude to `handleLocationUpdate(lat:lng:)`.
    public func handleLocationUpdate(_ location: Location) async {
        await handleLocationUpdate(lat: location.coordinate.latitude, lng: location.coordinate.longitude)
    }

    /// Passes the update's fix to `handleLocationUpdate(_:)`.
    public func handleLocationUpdate(_ update: LocationUpdate) async {
        await handleLocationUpdate(update.location)
    }

    /// Ignores the event: a screen that shows regions implements this.
    public func handleRegionEvent(_ event: RegionEvent) async {}

    /// Ignores the heading: a screen that shows it implements this.
    public func handleHeadingUpdate(_ heading: Heading) async {}

    /// Ignores the state: a screen that shows it implements this.
    public func handleLocationStateChange(_ state: LocationState) {}

    /// Runs the whole flow: after the start delay, authorization, then updates.
    public func startTrackingLocation() {
        locationManager.startTrackingLocation()
    }

    /// Asks for a fresh fix when already authorized; see `LocationManager.startUpdatingLocation()`.
    public func startUpdatingLocation() {
        locationManager.startUpdatingLocation()
    }

    /// Stops tracking and the provider's updates.
    public func stopTrackingLocation() {
        locationManager.stopTrackingLocation()
    }

    /// The last good fix, at once and without subscribing; `nil` before the first.
    public var currentLocation: Location? {
        locationManager.currentLocation
    }
}
