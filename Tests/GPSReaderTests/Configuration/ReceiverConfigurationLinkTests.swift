import GNSS
import GPSReader
import Locking
import NMEA
import SerialPort
import Testing
import TestSupport
import UBX

/// `ReceiverConfiguration` where the line itself is in question: speed changes followed or
/// not, an unplug mid-way, a receiver that is not u-blox, saving, and a line full of NMEA.
@Suite("Receiver configuration: the line")
struct ReceiverConfigurationLinkTests {
    private static func open(_ simulated: SimulatedUBlox, timeout: Duration = .seconds(2)) async throws
        -> (ReceiverConfiguration, ReceiverSettings)
    {
        let configuration = ReceiverConfiguration(path: simulated.path, timeout: timeout)
        try await configuration.open()
        return (configuration, try await configuration.readSettings())
    }

    @Test("A speed change is followed: the port is reopened at 115200 bit/s and the receiver heard there", arguments: [
        UBXGeneration.legacy, .configurationKeys,
    ])
    func speedHeard(generation: UBXGeneration) async throws {
        let simulated = try SimulatedUBlox(generation)
        let (configuration, settings) = try await Self.open(simulated)
        let outcome = await configuration.apply(try ReceiverConfiguration.steps(for: ReceiverChanges(baudRate: 115_200), from: settings))
        #expect(outcome.isComplete && outcome.speed == .heard(at: 115_200))
        #expect(simulated.receiver.baudRate == SerialPort.BaudRate(rawValue: 115_200) && configuration.baudRate == 115_200)
        #expect(try await configuration.readSettings().baudRate == 115_200)
        await configuration.close()
        await simulated.stop()
    }

    @Test("A speed change acknowledged but not made: not heard at the new speed, heard at the old, and said so")
    func speedNotHeard() async throws {
        let simulated = try SimulatedUBlox(.legacy, .init(ignoresSpeedChange: true))
        let (configuration, settings) = try await Self.open(simulated, timeout: .milliseconds(500))
        let outcome = await configuration.apply(try ReceiverConfiguration.steps(for: ReceiverChanges(baudRate: 115_200), from: settings))
        #expect(outcome.speed == .stillAt(old: 9600, new: 115_200) && !outcome.isComplete)
        #expect(outcome.failed.map(\.error) == [.speedNotFollowed(.stillAt(old: 9600, new: 115_200))])
        #expect(configuration.baudRate == 9600)
        #expect(try await configuration.identify().module == "NEO-M8N-0", "still reachable at the old speed")
        await configuration.close()
        await simulated.stop()
    }

    @Test("Unplugged while a command waits for its answer: said as an unplug, the rest not tried")
    func unpluggedMidway() async throws {
        let simulated = try SimulatedUBlox(.legacy, .init(silentTo: [.cfgGNSS]))
        let (configuration, settings) = try await Self.open(simulated, timeout: .seconds(30))
        let changes = ReceiverChanges(
            measurementPeriodMilliseconds: 200, constellations: [.gps], messageRates: [.init(.navPVT, rate: 1)])
        let steps = try ReceiverConfiguration.steps(for: changes, from: settings)
        let applying = Task { await configuration.apply(steps) }
        await eventually("the CFG-GNSS command reached the receiver") {
            simulated.settings.received.contains { $0[2] == 0x06 && $0[3] == 0x3E && $0.count > 8 }
        }
        simulated.receiver.unplug()
        let outcome = await applying.value
        #expect(outcome.applied.map(\.summary) == ["rate 5 Hz (200 ms, with 1 constellation)"])
        guard case .unplugged = outcome.failed.first?.error else {
            Issue.record("not said as an unplug: \(outcome.failed)")
            return
        }
        #expect(outcome.notTried.map(\.summary) == ["NAV-PVT every epoch"])
        await configuration.close()
        await simulated.stop()
    }

    @Test("A receiver that sends NMEA and answers no UBX is not u-blox: MON-VER goes unanswered, polled three times")
    func notUBlox() async throws {
        let receiver = try VirtualReceiver()
        let talking = Task {
            while !Task.isCancelled {
                try? receiver.send(Array(NMEASentence.encode(body: "GPGGA,120000.00,4807.0380,N,01134.5312,E,1,09,1.0,519.4,M,47.0,M,,").utf8))
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        let configuration = ReceiverConfiguration(path: receiver.devicePath, timeout: .milliseconds(500))
        try await configuration.open()
        await #expect(throws: ReceiverConfigurationError.silent(.monVER, timeout: .milliseconds(1500))) {
            try await configuration.readSettings()
        }
        let written = try await onOwnThread { Result {
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = try buffer.withUnsafeMutableBytes { try receiver.read(into: $0, timeout: .seconds(1)) }
            return Array(buffer[..<count])
        } }.get()
        #expect(written == Array(Array(repeating: MONVER.poll, count: 3).joined()), "polls, and nothing else, were written")
        await configuration.close()
        talking.cancel()
    }

    @Test("--save: a NEO-M8N gets CFG-CFG after the changes, a ZED-F9P the changes into RAM, BBR and flash", arguments: [
        UBXGeneration.legacy, .configurationKeys,
    ])
    func save(generation: UBXGeneration) async throws {
        let simulated = try SimulatedUBlox(generation)
        let (configuration, settings) = try await Self.open(simulated)
        let steps = try ReceiverConfiguration.steps(for: ReceiverChanges(measurementPeriodMilliseconds: 100, save: true), from: settings)
        if generation == .legacy {
            #expect(steps.map(\.frame) == [CFGRATE(measurementPeriodMilliseconds: 100).frame, CFGCFG.save.frame])
        } else {
            #expect(steps.map(\.frame) == [CFGVALSET([UBXConfigurationValue(.rateMeasurement, 100)], layers: .saved).frame])
        }
        let outcome = await configuration.apply(steps)
        #expect(outcome.isComplete && simulated.settings.saves == 1 && simulated.settings.measurementPeriodMilliseconds == 100)
        await configuration.close()
        await simulated.stop()
    }

    @Test("A receiver sending 20 epochs a second, each 22 sentences, is configured: every ACK found among the sentences")
    func fullRateNMEA() async throws {
        let simulated = try SimulatedUBlox(.configurationKeys, .init(extraSentences: 20))
        let (configuration, settings) = try await Self.open(simulated)
        let fast = await configuration.apply(try ReceiverConfiguration.steps(for: ReceiverChanges(measurementPeriodMilliseconds: 50), from: settings))
        #expect(fast.isComplete)
        let before = simulated.settings.epochs
        await eventually("20 epochs a second") { simulated.settings.epochs >= before + 20 }
        let changes = ReceiverChanges(
            constellations: [.gps, .galileo, .glonass, .beidou], outputProtocols: [.ubx, .nmea],
            messageRates: [.init(.navPVT, rate: 1), .init(.navSAT, rate: 5)])
        let outcome = await configuration.apply(try ReceiverConfiguration.steps(for: changes, from: settings))
        #expect(outcome.isComplete && outcome.applied.count == 4)
        #expect(simulated.settings.messageRates == [.navPVT: 1, .navSAT: 5])
        await configuration.close()
        await simulated.stop()
    }

    @Test("An output change changes what the receiver sends: NAV-PVT every epoch, and no NMEA once only UBX is asked")
    func outputChanges() async throws {
        let simulated = try SimulatedUBlox(.configurationKeys)
        let (configuration, settings) = try await Self.open(simulated)
        let changes = ReceiverChanges(measurementPeriodMilliseconds: 100, outputProtocols: [.ubx], messageRates: [.init(.navPVT, rate: 1)])
        #expect(await configuration.apply(try ReceiverConfiguration.steps(for: changes, from: settings)).isComplete)
        await configuration.close()
        let heard = LockedState((sentences: 0, navPVT: 0))
        let reading = Task {
            for await event in DeviceConnection(.path(simulated.path)).events() {
                guard case .frames(let frames) = event else { continue }
                for frame in frames {
                    heard.withLock { heard in
                        if frame.kind == .nmea { heard.sentences += 1 }
                        if frame.kind == .ubx && frame.bytes.dropFirst(2).prefix(2).elementsEqual([0x01, 0x07]) { heard.navPVT += 1 }
                    }
                }
            }
        }
        await eventually("ten NAV-PVT") { heard.withLock { $0.navPVT } >= 10 }
        reading.cancel()
        await reading.value
        #expect(heard.withLock { $0.sentences } == 0)
        await simulated.stop()
    }
}
