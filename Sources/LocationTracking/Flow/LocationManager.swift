/// What a screen talks to: the tracking flow behind one small surface.
///
/// It is the provider's delegate itself. `AppLocationManager` is the implementation; tests of a
/// screen can substitute their own.
@MainActor
public protocol LocationManager: LocationProviderDelegate {
    /// Runs the whole flow: waits the start delay, becomes the provider's delegate, handles
    /// authorization (asking, or showing the restriction), then starts updates when allowed.
    /// Calling it again while tracking does nothing: a finished one-shot still counts as
    /// tracking (the manager keeps following authorization changes); `startUpdatingLocation()`
    /// gets a fresh fix, and after `stopTrackingLocation()` this starts over.
    func startTrackingLocation()

    /// Gets a fresh fix when already authorized, without the delay or any prompt; the next good
    /// fix is delivered whatever the tracking mode.
    func startUpdatingLocation()

    /// Stops tracking and the provider's updates; later callbacks are ignored.
    func stopTrackingLocation()

    /// The last good fix, cached; `nil` before the first.
    var currentLocation: Location? { get }
}
