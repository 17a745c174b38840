import POSIXSupport

extension AppLocationManager {
    // Providers call these on their own threads. Each callback only posts its event to the
    // `inbox`, which is thread-safe, keeps the provider's order and stays bounded; the main
    // actor drains it in `handle(_:)`.

    /// Queues the fixes for the main actor, replacing fixes still waiting there; fixes from a
    /// provider other than ours are dropped.
    nonisolated public func locationProvider(
        _ provider: any LocationProvider, didUpdateLocations locations: [Location]
    ) {
        enqueue(.locations(locations), from: provider)
    }

    /// Queues the sky view for the main actor, replacing a view still waiting there; it becomes
    /// `satellites` and the count in `.acquiring(satellitesInView:)`.
    nonisolated public func locationProvider(_ provider: any LocationProvider, didUpdateSatellites view: SatelliteView) {
        enqueue(.satellites(view), from: provider)
    }

    /// Queues the authorization change for the main actor, which acts on the provider's
    /// `authorizationStatus` when it gets there (a newer change may have overtaken this one).
    nonisolated public func locationProvider(
        _ provider: any LocationProvider, didChangeAuthorization status: AuthorizationStatus
    ) {
        enqueue(.authorizationChanged, from: provider)
    }

    /// Logs the error at `.error` at once, on the provider's thread, so that none is lost
    /// however far the main actor has fallen behind (an unplug followed by "no device" 50 ms
    /// later logs both); then queues it for the main actor, where the newest error becomes
    /// `state` `.failed`.
    nonisolated public func locationProvider(_ provider: any LocationProvider, didFailWithError error: any Error) {
        guard isOurs(provider) else { return }
        logger.log(.error, "provider failed: \(error)")
        post(.failure(error))
    }

    private nonisolated func enqueue(_ event: ProviderEvent, from provider: any LocationProvider) {
        guard isOurs(provider) else { return }
        post(event)
    }

    /// Posts to the inbox and, for the first event since the last drain, schedules one on the
    /// main actor: a single hop, straight to its executor. A provider reading on the event loop
    /// posts a burst's events (its sky view, its fixes) in one job, and the hop is scheduled once
    /// the job is done, so the main actor wakes once for all of them.
    private nonisolated func post(_ event: ProviderEvent) {
        guard inbox.post(event) else { return }
        EventLoop.shared.afterThisRound { [weak self] in
            Task { @MainActor [weak self] in self?.drainInbox() }
        }
    }

    private nonisolated func isOurs(_ provider: any LocationProvider) -> Bool {
        guard provider === self.provider else {
            logger.log(.warning, "ignored a callback from a provider this manager does not use")
            return false
        }
        return true
    }
}
