/// A source of fixes: the hardware seam, as CoreLocation's `CLLocationManager`.
///
/// A provider reports through its `delegate`, from whatever thread it reads on (a serial
/// reader thread, say), and is called by `AppLocationManager` on the main actor. It must
/// therefore be safe to use from any thread, which `Sendable` makes the compiler check.
///
/// Contract, as CoreLocation's:
/// - It holds its delegate weakly.
/// - It reports fixes oldest first, so the last fix of a batch is the newest.
/// - It reports every change of `authorizationStatus` through the delegate, including the answer
///   to `requestWhenInUseAuthorization()`; it need not report a status that did not change.
/// - It reports failures (a missing device, a read error) through the delegate, not by throwing.
public protocol LocationProvider: AnyObject, Sendable {
    /// The current authorization; reading it never prompts or blocks.
    var authorizationStatus: AuthorizationStatus { get }

    /// The receiver of fixes, authorization changes and errors; held weakly.
    var delegate: (any LocationProviderDelegate)? { get set }

    /// Asks for access when the status is `notDetermined`; the answer arrives through
    /// `locationProvider(_:didChangeAuthorization:)`.
    func requestWhenInUseAuthorization()

    /// Starts delivering fixes through `locationProvider(_:didUpdateLocations:)`.
    func startUpdatingLocation()

    /// Stops delivering fixes; calling it when not updating does nothing.
    func stopUpdatingLocation()
}
