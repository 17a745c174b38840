/// A call the manager owes the screen.
enum ScreenCall: Sendable {
    case update(LocationUpdate)
    case regionEvent(RegionEvent)
    case heading(Heading)
}

/// The calls waiting for the screen while one runs, in order, bounded where skipping is right:
/// a new update replaces any waiting update and a new heading any waiting heading (the screen
/// wants the newest), while region events all wait, as each says something the next does not.
///
/// A call that replaces another goes to the back, after the events that came meanwhile, so the
/// screen sees everything in the order it happened.
struct ScreenCalls: Sendable {
    private var waiting: [ScreenCall] = []

    var isEmpty: Bool { waiting.isEmpty }

    mutating func append(_ call: ScreenCall) {
        switch call {
        case .update: waiting.removeAll { if case .update = $0 { true } else { false } }
        case .heading: waiting.removeAll { if case .heading = $0 { true } else { false } }
        case .regionEvent: break
        }
        waiting.append(call)
    }

    /// The oldest waiting call, taken off the queue.
    mutating func takeFirst() -> ScreenCall? {
        waiting.isEmpty ? nil : waiting.removeFirst()
    }

    mutating func removeAll() {
        waiting.removeAll(keepingCapacity: true)
    }
}
