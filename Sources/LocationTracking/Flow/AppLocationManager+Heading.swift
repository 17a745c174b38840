extension AppLocationManager {
    // Heading updates, as CLLocationManager's `startUpdatingHeading()`: off until asked for,
    // so a screen that shows none costs nothing.

    /// Starts giving the screen's `handleHeadingUpdate(_:)` the heading of each good fix that
    /// has one (see `Heading.init(_:minimumCourseSpeed:)`): the receiver's heading sensor
    /// (HDT) when it sends one, else the course over ground once the speed reaches
    /// `minimumSpeedForCourseHeading`. Headings come with fixes, while updates run, whatever
    /// the filters decide about delivering the fix.
    public func startUpdatingHeading() {
        isUpdatingHeading = true
    }

    /// Stops heading updates; `heading` keeps the last one.
    public func stopUpdatingHeading() {
        isUpdatingHeading = false
    }
}
