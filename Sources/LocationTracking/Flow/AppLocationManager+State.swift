extension AppLocationManager {
    /// What the flow can say about the position now; see `LocationState`. Each change also
    /// reaches the screen's `handleLocationStateChange(_:)` and every `states` sequence.
    public var state: LocationState { machine.state }

    /// How long ago `currentLocation` arrived, by the manager's clock; `nil` before the first
    /// good fix.
    public var currentLocationAge: Duration? {
        currentLocationReceivedAt.map { clock.now - $0 }
    }

    /// How long a good fix stays current before `state` turns `.lost`: 3 × the observed epoch
    /// interval, at least the `minimumLostTimeout` given at creation.
    public var lostTimeout: Duration { machine.lostTimeout }

    /// Applies an input to the state machine, tells everyone of a change, and keeps the lost
    /// deadline watched.
    func updateState(_ input: (inout LocationStateMachine) -> Void) {
        let old = machine.state
        input(&machine)
        let new = machine.state
        if new != old {
            logger.log(.debug, "state: \(new)")
            // Sequences first: a screen that stops tracking from its hook changes the state
            // again, and that change must come after this one everywhere.
            stateSubscribers.yield(new)
            screen?.handleLocationStateChange(new)
        }
        watchLostDeadline()
    }

    /// The deadline to wake up for: while updating and located.
    private var lostDeadlineToWatch: Duration? {
        isUpdating ? machine.lostDeadline : nil
    }

    /// Keeps one task asleep until the lost deadline, and none when there is no deadline. A
    /// newer fix only moves the deadline's alarm, so a fix costs no task; on the event loop's
    /// clock it costs no wake-up either, while fixes keep coming before the deadline.
    private func watchLostDeadline() {
        guard let first = lostDeadlineToWatch else {
            lostTimer?.cancel()
            lostTimer = nil
            lostAlarm = nil
            return
        }
        if let lostAlarm {
            lostAlarm.move(to: first)
            return
        }
        let clock = clock
        let alarm = clock.alarm(at: first)
        lostAlarm = alarm
        lostTimer = Task { [weak self] in
            while true {
                let due: Duration
                do {
                    due = try await clock.sleep(until: alarm)
                } catch {
                    return  // cancelled: updates stopped
                }
                guard let self, let deadline = self.lostDeadlineToWatch else { return }
                if deadline > due {
                    alarm.move(to: deadline)
                    continue
                }
                self.lostTimer = nil
                self.lostAlarm = nil
                self.updateState { $0.deadlinePassed(at: clock.now) }
                return
            }
        }
    }
}
