extension AppLocationManager {
    /// Hands a fix to the screen, one call at a time: when a call runs (or is about to), the
    /// fix waits in the single slot, replacing any fix that waited there, and the running
    /// delivery takes it when the call returns.
    func deliverToScreen(_ location: Location) {
        queuedForScreen = location
        guard screenDelivery == nil else { return }
        screenDelivery = Task { [weak self] in
            while let (screen, location) = self?.takeQueuedForScreen() {
                await screen.handleLocationUpdate(location)
            }
        }
    }

    /// The screen and the fix waiting for it; `nil`, and the delivery ends, when there is none.
    private func takeQueuedForScreen() -> (any Screen, Location)? {
        guard let location = queuedForScreen, let screen else {
            screenDelivery = nil
            return nil
        }
        queuedForScreen = nil
        return (screen, location)
    }
}
