/// One delegate callback, queued from the provider's thread for the main actor.
enum ProviderEvent: Sendable {
    case locations([Location])
    case satellites(SatelliteView)
    /// The manager reads the provider's current status when it gets to this event.
    case authorizationChanged
    case failure(any Error)

    /// Events of one kind replace each other in the inbox: only the newest of each kind waits.
    var kind: Kind {
        switch self {
        case .locations: .locations
        case .satellites: .satellites
        case .authorizationChanged: .authorization
        case .failure: .failure
        }
    }

    enum Kind {
        case locations, satellites, authorization, failure
    }
}

extension AuthorizationStatus {
    /// What a status means for the flow; the switch re-runs only when this changes, so a
    /// repeated or equivalent status neither restarts a finished one-shot nor stacks another
    /// restriction screen.
    enum Access: Hashable {
        case undetermined, blocked, granted
    }

    var access: Access {
        switch self {
        case .notDetermined: .undetermined
        case .restricted, .denied: .blocked
        case .authorizedWhenInUse, .authorizedAlways: .granted
        }
    }
}
