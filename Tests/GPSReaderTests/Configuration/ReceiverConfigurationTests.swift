import GNSS
import GPSReader
import SerialPort
import Testing
import TestSupport
import UBX

/// `ReceiverConfiguration` against the simulated NEO-M8N and ZED-F9P on real pseudo-terminals:
/// each command confirmed by its ACK-ACK, refusals, silence and unplugs said for what they are.
@Suite("Receiver configuration")
struct ReceiverConfigurationTests {
    /// Opens `simulated` and reads its settings.
    private static func open(_ simulated: SimulatedUBlox, timeout: Duration = .seconds(2)) async throws
        -> (ReceiverConfiguration, ReceiverSettings)
    {
        let configuration = ReceiverConfiguration(path: simulated.path, timeout: timeout)
        try await configuration.open()
        return (configuration, try await configuration.readSettings())
    }

    @Test("A NEO-M8N is identified as legacy and read with polls alone: CFG-RATE, CFG-GNSS, CFG-PRT, CFG-MSG")
    func readsLegacySettings() async throws {
        let simulated = try SimulatedUBlox(.legacy)
        let (configuration, settings) = try await Self.open(simulated)
        #expect(settings.identity.module == "NEO-M8N-0" && settings.identity.generation == .legacy)
        #expect(settings.measurementPeriodMilliseconds == 1000 && settings.hertz == 1)
        #expect(settings.constellations == [.gps, .sbas, .galileo, .qzss, .glonass])
        #expect(settings.port == .uart1 && settings.baudRate == 9600 && settings.outputProtocols == [.ubx, .nmea])
        #expect(settings.messageRates == [.navPVT: 0, .navSAT: 0])
        #expect(simulated.received == [.monVER, .cfgRATE, .cfgGNSS, .cfgPRT, .cfgMSG, .cfgMSG])
        #expect(simulated.settings.received.allSatisfy { $0.count <= 10 }, "polls only: empty, or a CFG-MSG's class and id")
        await configuration.close()
        await simulated.stop()
    }

    @Test("A ZED-F9P is read with one CFG-VALGET from RAM; nothing is set")
    func readsKeys() async throws {
        let simulated = try SimulatedUBlox(.configurationKeys)
        let (configuration, settings) = try await Self.open(simulated)
        #expect(settings.identity.generation == .configurationKeys && settings.identity.protocolVersion?.description == "27.31")
        #expect(settings.measurementPeriodMilliseconds == 1000 && settings.baudRate == 9600)
        #expect(Set(settings.constellations) == simulated.settings.constellations)
        #expect(simulated.received == [.monVER, .cfgVALGET])
        await configuration.close()
        await simulated.stop()
    }

    @Test("An acknowledged rate is in force: the receiver measures every 100 ms")
    func acknowledged() async throws {
        let simulated = try SimulatedUBlox(.legacy)
        let (configuration, settings) = try await Self.open(simulated)
        let steps = try ReceiverConfiguration.steps(for: ReceiverChanges(measurementPeriodMilliseconds: 100), from: settings)
        #expect(steps.map(\.frame) == [CFGRATE(measurementPeriodMilliseconds: 100).frame])
        let outcome = await configuration.apply(steps)
        #expect(outcome.isComplete && outcome.applied == steps)
        #expect(simulated.settings.measurementPeriodMilliseconds == 100)
        #expect(try await configuration.readSettings().hertz == 10)
        await configuration.close()
        await simulated.stop()
    }

    @Test("A rate the generation cannot do is refused (ACK-NAK) and named; nothing changed")
    func refused() async throws {
        let simulated = try SimulatedUBlox(.legacy)
        let (configuration, settings) = try await Self.open(simulated)
        let steps = try ReceiverConfiguration.steps(for: ReceiverChanges(measurementPeriodMilliseconds: 40), from: settings)
        let outcome = await configuration.apply(steps)
        #expect(!outcome.isComplete && outcome.applied.isEmpty)
        #expect(outcome.failed.map(\.error) == [.refused(.cfgRATE)])
        #expect(outcome.failed.first?.step.summary == "rate 25 Hz (40 ms, with 5 constellations)")
        #expect(simulated.settings.measurementPeriodMilliseconds == 1000)
        await configuration.close()
        await simulated.stop()
    }

    @Test("A NAK mid-way: the steps before and after it are applied, the refused one is said")
    func refusedMidway() async throws {
        let simulated = try SimulatedUBlox(.legacy, .init(refuses: [.cfgGNSS]))
        let (configuration, settings) = try await Self.open(simulated)
        let changes = ReceiverChanges(
            measurementPeriodMilliseconds: 200, constellations: [.gps, .galileo], messageRates: [.init(.navPVT, rate: 1)])
        let outcome = await configuration.apply(try ReceiverConfiguration.steps(for: changes, from: settings))
        #expect(outcome.applied.map(\.summary) == ["rate 5 Hz (200 ms, with 2 constellations)", "NAV-PVT every epoch"])
        #expect(outcome.failed.map(\.step.summary) == ["constellations GPS, Galileo"])
        #expect(outcome.failed.map(\.error) == [.refused(.cfgGNSS)] && outcome.notTried.isEmpty)
        #expect(simulated.settings.messageRates[.navPVT] == 1 && simulated.settings.constellations.count == 5)
        await configuration.close()
        await simulated.stop()
    }

    @Test("Silence is said as silence, and what comes after it is not tried")
    func silence() async throws {
        let simulated = try SimulatedUBlox(.legacy, .init(silentTo: [.cfgRATE]))
        let (configuration, settings) = try await Self.open(simulated, timeout: .milliseconds(300))
        let changes = ReceiverChanges(measurementPeriodMilliseconds: 200, messageRates: [.init(.navPVT, rate: 1)])
        let outcome = await configuration.apply(try ReceiverConfiguration.steps(for: changes, from: settings))
        #expect(outcome.failed.map(\.error) == [.silent(.cfgRATE, timeout: .milliseconds(300))])
        #expect(outcome.notTried.map(\.summary) == ["NAV-PVT every epoch"])
        #expect(simulated.settings.messageRates[.navPVT] == 0)
        await configuration.close()
        await simulated.stop()
    }

    @Test("The ACK-ACK that follows a CFG poll's answer confirms no command of the same message waiting meanwhile")
    func pollAcknowledgementConfirmsNoCommand() async throws {
        let simulated = try SimulatedUBlox(.legacy, .init(silentTo: [.cfgMSG]))
        let configuration = ReceiverConfiguration(path: simulated.path, timeout: .milliseconds(500))
        try await configuration.open()
        let command = Task { try await configuration.command(CFGMSG(.navPVT, rate: 1).frame) }
        await eventually("the command reached the receiver") { simulated.commands.count == 1 }
        let polled = try await configuration.poll(CFGMSG.poll(.navPVT), answer: .cfgMSG) { message throws(UBXError) in
            try CFGMSG(message)
        }
        #expect(polled.message == .navPVT)
        await #expect(throws: ReceiverConfigurationError.silent(.cfgMSG, timeout: .milliseconds(500))) { try await command.value }
        await configuration.close()
        await simulated.stop()
    }
}
