/// What a screen talks to: the tracking flow behind one small surface.
///
/// It is the provider's delegate itself. `AppLocationManager` is the implementation; tests of a
/// screen can substitute their own. A screen holds it as `any LocationManager` (its
/// `locationManager`) and reads everything it shows through it: the fix, its age, the state,
/// the sky, and the same as sequences.
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

    /// How long ago `currentLocation` arrived, by the manager's clock; `nil` before the first
    /// good fix.
    var currentLocationAge: Duration? { get }

    /// What the flow can say about the position now: idle, waiting for access, acquiring,
    /// located, lost or failed (see `LocationState`). Authorization shows here too, as
    /// `.waitingForAccess(status)`.
    var state: LocationState { get }

    /// The receiver's last sky view while updating; `nil` before the first and after a failure.
    var satellites: SatelliteView? { get }

    /// The fixes the screen receives, from now on, as a new sequence at each access (same
    /// filtering and tracking mode); at most the 16 newest wait for a slow reader.
    var locations: AsyncStream<Location> { get }

    /// The changes of `state`, starting with the state as it is now, as a new sequence at each
    /// access; at most the 16 newest wait for a slow reader.
    var states: AsyncStream<LocationState> { get }
}
