extension LocationRestrictionConfigurable {
    /// Shows `Route.locationRestricted` with this screen's configuration: through the nested
    /// router with `nested: true` when there is one, else through the main router with
    /// `nested: false`.
    func showLocationRestriction() {
        if let nestedRouter {
            nestedRouter.navigate(to: locationRestrictedRoute(nested: true))
        } else {
            router.navigate(to: locationRestrictedRoute(nested: false))
        }
    }

    private func locationRestrictedRoute(nested: Bool) -> Route {
        .locationRestricted(nested: nested, title: titleText, subtitle: subtitle, shouldBlock: shouldBlock)
    }
}
