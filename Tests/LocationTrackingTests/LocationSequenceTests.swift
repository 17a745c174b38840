@testable import LocationTracking
import Testing
import TestSupport

/// `manager.locations`: the same fixes as the screen gets, as an `AsyncSequence`.
@MainActor
@Suite("Locations sequence")
struct LocationSequenceTests {
    @Test("yields the fixes the screen receives, filtered the same way")
    func yieldsDeliveredFixes() async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .continuous)
        let locations = harness.manager.locations
        let firstTwo = Task {
            var seen: [Location] = []
            for await location in locations {
                seen.append(location)
                if seen.count == 2 { break }
            }
            return seen
        }
        await harness.startUpdating()
        await harness.deliver(Fix.berlin, Fix.at(0, 0), Fix.paris, untilScreenHolds: 2)
        #expect(await firstTwo.value == [Fix.berlin, Fix.paris])
    }

    @Test("ends when the iterating task is cancelled, and the manager forgets it")
    func endsOnCancellation() async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .continuous)
        await harness.startUpdating()
        let seen = Counter()
        let locations = harness.manager.locations
        let iteration = Task {
            for await _ in locations { seen.count += 1 }
            return "ended"
        }
        await harness.deliver(Fix.berlin, untilScreenHolds: 1)
        await eventually("the sequence yields the fix") { seen.count == 1 }

        iteration.cancel()
        #expect(await iteration.value == "ended")
        await eventually("the manager drops the sequence") { harness.manager.locationSubscribers.isEmpty }
    }

    @Test("ends when the manager goes away with its screen")
    func endsWithTheManager() async {
        let provider = MockLocationProvider(status: .authorizedWhenInUse)
        var screen: PlainScreen? = PlainScreen()
        screen?.manager = AppLocationManager(provider: provider, screen: screen!)
        let locations = screen!.manager!.locations
        let iteration = Task {
            for await _ in locations {}
            return "ended"
        }
        screen = nil
        #expect(await iteration.value == "ended")
    }
}

/// A count the iterating task and the test share on the main actor.
@MainActor
private final class Counter {
    var count = 0
}
