/// A destination the tracking flow asks a `Router` to show.
public enum Route: Hashable, Sendable {
    /// The "location is blocked" screen, shown when authorization is `denied` or `restricted`.
    ///
    /// - Parameters:
    ///   - nested: `true` when shown through the screen's `nestedRouter` (inside the screen's own
    ///     navigation), `false` when through its main `router`.
    ///   - title: The screen's `titleText`, or `nil` for the router's default.
    ///   - subtitle: The screen's `subtitle`, or `nil` for the router's default.
    ///   - shouldBlock: Whether the restriction must cover the screen so it cannot be used.
    case locationRestricted(nested: Bool, title: String?, subtitle: String?, shouldBlock: Bool)
}

/// The navigation seam: something that can show a `Route`.
///
/// Main-actor isolated, as navigation belongs to the user interface.
@MainActor
public protocol Router: AnyObject {
    /// Shows the destination.
    ///
    /// - Parameter route: Where to go.
    func navigate(to route: Route)
}
