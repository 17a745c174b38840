/// What a screen says, and where it navigates, when location access is blocked.
///
/// Every requirement but `router` has a default, so a screen overrides only what it cares about.
@MainActor
public protocol LocationRestrictionConfigurable: AnyObject {
    /// The restriction's title; default `nil`, the router's own.
    var titleText: String? { get }

    /// The restriction's subtitle; default `nil`, the router's own.
    var subtitle: String? { get }

    /// Whether the restriction covers the screen so it cannot be used; default `false`.
    var shouldBlock: Bool { get }

    /// The app's main router, used when there is no `nestedRouter`.
    var router: any Router { get }

    /// The screen's own navigation, preferred when present; default `nil`.
    var nestedRouter: (any Router)? { get }
}

extension LocationRestrictionConfigurable {
    /// No title of the screen's own: `nil`.
    public var titleText: String? { nil }

    /// No subtitle of the screen's own: `nil`.
    public var subtitle: String? { nil }

    /// The restriction informs without blocking: `false`.
    public var shouldBlock: Bool { false }

    /// No nested navigation: `nil`.
    public var nestedRouter: (any Router)? { nil }
}
