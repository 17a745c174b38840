import MQTT
import POSIXSupport
import TestSupport
import Testing

/// A publisher facing a broker that accepts each connection and drops it at once.
@Suite("A broker that drops what it accepts")
struct FlappingBrokerTests {
    @Test("reconnections are spaced by growing waits, not a fixed short one, and the outage is said once")
    func backsOff() async throws {
        let server = try FakeBroker(.closeAfterAccepting(times: .max))
        defer { server.stop() }
        let address = BrokerAddress(host: "127.0.0.1", port: server.port)
        let events = EventLog()
        let publisher = try StoreAndForwardPublisher(
            .init(broker: address, request: { ConnectRequest(clientID: "t") },
                  backoff: Backoff(initial: .milliseconds(100), maximum: .seconds(10), random: { $0.upperBound })),
            report: { events.append($0) })
        publisher.start()
        await eventually("five connections") { server.connectionCount >= 5 }
        await publisher.finish(within: .milliseconds(100))
        let accepted = server.acceptedAt
        try #require(accepted.count >= 5)
        let gaps = zip(accepted.dropFirst(), accepted).map { $0 - $1 }
        // Waits of 0.1, 0.2, 0.4 and 0.8 s: never shorter, however loaded the machine.
        for (index, gap) in gaps.prefix(4).enumerated() {
            #expect(gap >= .milliseconds(100) * (1 << index), "wait \(index): \(gaps)")
        }
        // The first drop may be a broker that stopped (the attempts after it say so); the second
        // after a CONNACK in a row is one that drops what it accepts, said once from then on.
        #expect(events.events == [
            .connected(address, queued: 0), .connected(address, queued: 0), .outage(.droppedAfterAccepting(address, withinSeconds: 30)),
        ])
        #expect(MQTTError.droppedAfterAccepting(address, withinSeconds: 30).description.contains("--client-id"))
    }

    @Test("on a driven clock the waits between attempts are asked for in order: 0.1, 0.2, 0.4, 0.8 and 1.6 s, one attempt after each")
    func backoffOnItsClock() async throws {
        let server = try FakeBroker(.closeAfterAccepting(times: .max))
        defer { server.stop() }
        let clock = ManualClock()
        let publisher = try StoreAndForwardPublisher(
            .init(broker: BrokerAddress(host: "127.0.0.1", port: server.port), request: { ConnectRequest(clientID: "t") },
                  backoff: Backoff(initial: .milliseconds(100), maximum: .seconds(10), random: { $0.upperBound }), clock: clock))
        publisher.start()
        var waits: [Duration] = []
        for attempt in 1...5 {
            guard let deadline = await eventuallyValue("wait \(attempt)", { clock.pendingDeadlines.first }) else { break }
            #expect(server.connectionCount == attempt, "one attempt before each wait")
            waits.append(deadline - clock.now.offset)
            clock.advance(by: deadline - clock.now.offset)
        }
        #expect(waits == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .milliseconds(1600)])
        await publisher.finish(within: .milliseconds(100))
    }

    @Test("once a connection stays up for the steady uptime the broker is said to be back, and the waits start over")
    func steadyAgain() async throws {
        let server = try FakeBroker(.closeAfterAccepting(times: 4))
        defer { server.stop() }
        let address = BrokerAddress(host: "127.0.0.1", port: server.port)
        let events = EventLog()
        let publisher = try StoreAndForwardPublisher(
            .init(broker: address, request: { ConnectRequest(clientID: "t") },
                  // Long beside the fake broker's drop, which a loaded machine (the whole suite on
                  // two cores) can delay by hundreds of milliseconds: a drop is never taken for uptime.
                  backoff: Backoff(initial: .milliseconds(50), maximum: .seconds(1), steadyUptime: .seconds(2))),
            report: { events.append($0) })
        publisher.start()
        await eventually("the broker is said to be back") { events.events.count >= 4 }
        // The behaviour under test is that nothing more happens: a short look for a late event.
        try await Task.sleep(for: .milliseconds(200))
        await publisher.finish(within: .milliseconds(100))
        #expect(server.connectionCount == 5)
        #expect(events.events == [
            .connected(address, queued: 0), .connected(address, queued: 0), .outage(.droppedAfterAccepting(address, withinSeconds: 2)),
            .connected(address, queued: 0),
        ])
    }
}
