extension AppLocationManager {
    /// Makes a call to the screen, one call at a time: when a call runs (or is about to), this
    /// one waits in `queuedForScreen` (where a newer update or heading replaces an older one),
    /// and the running delivery makes it when the call returns.
    func deliverToScreen(_ call: ScreenCall) {
        queuedForScreen.append(call)
        guard screenDelivery == nil else { return }
        screenDelivery = Task { [weak self] in
            while let (screen, call) = self?.takeQueuedForScreen() {
                switch call {
                case .update(let update): await screen.handleLocationUpdate(update)
                case .regionEvent(let event): await screen.handleRegionEvent(event)
                case .heading(let heading): await screen.handleHeadingUpdate(heading)
                }
            }
        }
    }

    /// The screen and the call waiting for it; `nil`, and the delivery ends, when there is none.
    private func takeQueuedForScreen() -> (any Screen, ScreenCall)? {
        guard let screen, let call = queuedForScreen.takeFirst() else {
            screenDelivery = nil
            return nil
        }
        return (screen, call)
    }
}
