/// What a `LocationProvider` reports to, as CoreLocation's `CLLocationManagerDelegate`.
///
/// The callbacks are synchronous and not isolated to any actor: a provider calls them on its
/// own thread. A conformer must return quickly and move the work to where it belongs;
/// `AppLocationManager` queues each callback, in order, for the main actor.
public protocol LocationProviderDelegate: AnyObject, Sendable {
    /// New fixes, oldest first; an empty batch is ignored.
    ///
    /// - Parameters:
    ///   - provider: The provider reporting.
    ///   - locations: The fixes, valid or not; the receiver decides which to use.
    func locationProvider(_ provider: any LocationProvider, didUpdateLocations locations: [Location])

    /// The authorization changed, or the answer to `requestWhenInUseAuthorization()` arrived.
    ///
    /// - Parameters:
    ///   - provider: The provider reporting.
    ///   - status: The new status.
    func locationProvider(_ provider: any LocationProvider, didChangeAuthorization status: AuthorizationStatus)

    /// The provider failed (device missing, read error); it keeps trying where it can.
    ///
    /// - Parameters:
    ///   - provider: The provider reporting.
    ///   - error: What went wrong.
    func locationProvider(_ provider: any LocationProvider, didFailWithError error: any Error)

    /// The satellites in view for one epoch, reported before that epoch's fix. Optional: the
    /// default does nothing.
    ///
    /// - Parameters:
    ///   - provider: The provider reporting.
    ///   - view: Every satellite in view, with whether the fix uses it.
    func locationProvider(_ provider: any LocationProvider, didUpdateSatellites view: SatelliteView)
}

extension LocationProviderDelegate {
    /// Ignores the satellite view: a delegate that wants only fixes need not implement it.
    public func locationProvider(_ provider: any LocationProvider, didUpdateSatellites view: SatelliteView) {}
}
