import Foundation
import GPSReader
import NMEA
import SerialPort
import Testing
import TestSupport
import UBX

/// `gps info` and `gps config`, run as processes against the simulated u-blox receivers on
/// pseudo-terminals: what they print, their exit statuses, and what they wrote.
@Suite("gps info and gps config", .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"))
struct ReceiverCommandTests {
    @Test("gps info shows a NEO-M8N's identity and settings, having written polls alone")
    func infoLegacy() async throws {
        let simulated = try SimulatedUBlox(.legacy)
        let outcome = try await CommandRunner.run(["info", simulated.path])
        #expect(outcome.status == 0, "\(outcome.errorOutput)")
        #expect(outcome.output.contains("receiver    u-blox NEO-M8N-0, firmware SPG 3.01, protocol 18.00\n"))
        #expect(outcome.output.contains("configured  u-blox 8 and earlier (CFG-RATE, CFG-GNSS, CFG-PRT, CFG-MSG)\n"))
        #expect(outcome.output.contains("rate        1 Hz (1000 ms between measurements)\n"))
        #expect(outcome.output.contains("gnss        GPS, SBAS, Galileo, QZSS, GLONASS\n"))
        #expect(outcome.output.contains("port        UART1 at 9600 bit/s, in UBX+NMEA+RTCM3, out UBX+NMEA\n"))
        #expect(outcome.output.contains("messages    NAV-PVT off, NAV-SAT off\n"))
        #expect(simulated.commands.isEmpty && simulated.received.count == 6, "polls only")
        await simulated.stop()
    }

    @Test("gps info --json gives a ZED-F9P's identity and settings as one JSON object")
    func infoJSON() async throws {
        let simulated = try SimulatedUBlox(.configurationKeys)
        let outcome = try await CommandRunner.run(["info", simulated.path, "--json"])
        #expect(outcome.status == 0, "\(outcome.errorOutput)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        #expect(object["module"] as? String == "ZED-F9P" && object["protocolVersion"] as? String == "27.31")
        #expect(object["generation"] as? String == "configurationKeys" && object["baudRate"] as? Int == 9600)
        #expect(object["measurementPeriodMs"] as? Int == 1000 && object["outputProtocols"] as? [String] == ["UBX", "NMEA"])
        #expect(simulated.commands.isEmpty, "polls only")
        await simulated.stop()
    }

    @Test("A receiver that is not u-blox (NMEA only) gets a clear line and status 1; only MON-VER's poll is written, three times")
    func notUBlox() async throws {
        let receiver = try VirtualReceiver()
        let talking = Task {
            while !Task.isCancelled {
                try? receiver.send(Array(NMEASentence.encode(body: "GPGGA,120000.00,4807.0380,N,01134.5312,E,1,09,1.0,519.4,M,47.0,M,,").utf8))
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        defer { talking.cancel() }
        for arguments in [["info", receiver.devicePath], ["config", receiver.devicePath, "--rate", "10"]] {
            let outcome = try await CommandRunner.run(arguments)
            #expect(outcome.status == 1)
            #expect(outcome.errorOutput.contains("gps: \(receiver.devicePath) is not a u-blox receiver: no answer to 3 MON-VER polls, 1 s each"))
            let written = try await onOwnThread { Result {
                var buffer = [UInt8](repeating: 0, count: 64)
                let count = try buffer.withUnsafeMutableBytes { try receiver.read(into: $0, timeout: .seconds(1)) }
                return Array(buffer[..<count])
            } }.get()
            #expect(written == Array(Array(repeating: MONVER.poll, count: ReceiverConfiguration.identificationAttempts).joined()))
        }
    }

    @Test("gps config on a NEO-M8N: each change acknowledged, read back, status 0")
    func configAcknowledged() async throws {
        let simulated = try SimulatedUBlox(.legacy)
        let outcome = try await CommandRunner.run(
            ["config", simulated.path, "--rate", "10", "--gnss", "gps,galileo", "--message", "NAV-PVT=1"])
        #expect(outcome.status == 0, "\(outcome.errorOutput)")
        #expect(outcome.output.hasPrefix("""
            applied: rate 10 Hz (100 ms, with 2 constellations)
            applied: constellations GPS, Galileo
            applied: NAV-PVT every epoch

            now:

            """))
        #expect(outcome.output.contains("rate        10 Hz (100 ms between measurements)\n"))
        #expect(outcome.output.contains("messages    NAV-PVT every epoch, NAV-SAT off\n"))
        #expect(outcome.errorOutput.contains("gps: all 3 changes were acknowledged"))
        #expect(simulated.settings.measurementPeriodMilliseconds == 100 && simulated.settings.constellations == [.gps, .galileo])
        await simulated.stop()
    }

    @Test("A NAK mid-way: status 1, what was applied and what was refused both said")
    func configRefusedMidway() async throws {
        let simulated = try SimulatedUBlox(.configurationKeys)
        let outcome = try await CommandRunner.run(["config", simulated.path, "--gnss", "gps,galileo", "--rate", "25", "--message", "NAV-PVT=1"])
        #expect(outcome.status == 1, "\(outcome.errorOutput)")
        #expect(outcome.output.hasPrefix("""
            refused: the receiver refused rate 25 Hz (40 ms, with 2 constellations) (ACK-NAK to CFG-VALSET); it changed nothing
            applied: constellations GPS, Galileo
            applied: NAV-PVT every epoch

            """))
        #expect(outcome.errorOutput.contains("gps: 2 of 3 changes acknowledged; not applied: rate 25 Hz (40 ms, with 2 constellations)"))
        #expect(outcome.output.contains("rate        1 Hz"), "read back: the rate unchanged")
        await simulated.stop()
    }

    @Test("--baud: heard at the new speed, status 0; not heard there, the old speed tried and said, status 1")
    func configSpeed() async throws {
        let simulated = try SimulatedUBlox(.legacy)
        let heard = try await CommandRunner.run(["config", simulated.path, "--baud", "115200"])
        #expect(heard.status == 0, "\(heard.errorOutput)")
        #expect(heard.output.contains("applied: speed 115200 bit/s\nspeed: the receiver answers at 115200 bit/s"))
        #expect(heard.output.contains("port        UART1 at 115200 bit/s"))
        let info = try await CommandRunner.run(["info", simulated.path, "--current-baud", "115200"])
        #expect(info.status == 0 && info.output.contains("UART1 at 115200 bit/s"), "\(info.errorOutput)")
        await simulated.stop()

        let stubborn = try SimulatedUBlox(.configurationKeys, .init(ignoresSpeedChange: true))
        let notHeard = try await CommandRunner.run(["config", stubborn.path, "--baud", "115200"])
        #expect(notHeard.status == 1, "\(notHeard.errorOutput)")
        #expect(notHeard.output.contains(
            "speed: the receiver did not answer at 115200 bit/s and still answers at 9600 bit/s: the speed is unchanged"))
        #expect(notHeard.output.contains("port        UART1 at 9600 bit/s"), "read back at the old speed")
        await stubborn.stop()
    }

    @Test("--save on each generation: CFG-CFG for a NEO-M8N, the keys into flash for a ZED-F9P")
    func configSave() async throws {
        for generation in [UBXGeneration.legacy, .configurationKeys] {
            let simulated = try SimulatedUBlox(generation)
            let outcome = try await CommandRunner.run(["config", simulated.path, "--output", "both", "--save"])
            #expect(outcome.status == 0, "\(outcome.errorOutput)")
            #expect(simulated.settings.saves == 1)
            let last = try #require(simulated.commands.last)
            #expect(generation == .legacy ? last == CFGCFG.save.frame : last[2...3] == [0x06, 0x8A] && last[7] == 0x07)
            await simulated.stop()
        }
    }

    @Test("--reset without --yes and without a terminal writes nothing; with --yes, the receiver is reset")
    func configReset() async throws {
        let simulated = try SimulatedUBlox(.legacy)
        let refused = try await CommandRunner.run(["config", simulated.path, "--reset"])
        #expect(refused.status == 1 && refused.errorOutput.contains("confirm with --yes (nothing written)"))
        #expect(simulated.settings.received.isEmpty)
        let reset = try await CommandRunner.run(["config", simulated.path, "--reset", "--yes"])
        #expect(reset.status == 0 && reset.output.hasPrefix("applied: reset to the firmware's defaults\n"), "\(reset.errorOutput)")
        #expect(simulated.settings.resets == 1 && simulated.commands == [CFGCFG.resetToDefaults.frame])
        await simulated.stop()
    }
}

/// Access refused, as `gps read` says it.
@Suite("gps info and gps config: access", .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"))
struct ReceiverAccessCommandTests {
    @Test("A device the user may not open: the remedy, exit status 3, nothing written")
    func accessDenied() async throws {
        let simulated = try SimulatedUBlox(.legacy)
        for arguments in [["info", simulated.path], ["config", simulated.path, "--rate", "5"]] {
            let outcome = try await CommandRunner.run(arguments, asNobody: true)
            #expect(outcome.status == 3)
            #expect(outcome.errorOutput.contains("gps: access to \(simulated.path) is denied (EACCES): add yourself to the dialout group"))
        }
        #expect(simulated.settings.received.isEmpty)
        await simulated.stop()
    }
}
