import Foundation
import GPSReader
import Locking
import NMEA
import SerialPort
import Testing
import TestSupport
import UBX

/// Whether Debian's ubxtool is there to compare with.
private enum Ubxtool {
    static let isInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/ubxtool")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
    static let skipMessage = CommandRunner.gpsPath == nil ? CommandRunner.missingMessage
        : "ubxtool is not installed (apt-get install -y gpsd-clients python3-gps): skipped"
}

/// gpsd's `ubxtool` (3.22, Debian's gpsd-clients) beside `gps`: it reads `gps simulate --ublox`,
/// and for the same request `gps config` writes the bytes it writes. ubxtool exits 0 whatever
/// the receiver answers, so its output is read.
@Suite("ubxtool and gps", .enabled(if: CommandRunner.gpsPath != nil && Ubxtool.isInstalled, "\(Ubxtool.skipMessage)"))
struct UbxtoolTests {
    /// Runs Debian's ubxtool on `device` with `arguments`, reading answers for `seconds`.
    private static func ubxtool(_ device: String, _ arguments: [String], seconds: String = "1") async throws -> Subprocess {
        try await Spawned("/usr/bin/python3", ["/usr/bin/ubxtool", "-f", device, "-w", seconds, "-v", "2"] + arguments,
                          mergingStandardError: true).waitForExit(timeout: .seconds(60))
    }

    @Test("ubxtool -p MON-VER and -p CFG-RATE decode gps simulate --ublox's answers; -p CFG-RATE,40 is refused with a NAK")
    func readsTheLegacySimulator() async throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("ublox-\(UUID().uuidString)").path
        let simulator = try Spawned(CommandRunner.gpsPath!, ["simulate", "--ublox", "--link", link])
        defer { simulator.signal(SIGTERM) }
        #expect(await simulator.waitForOutput { $0.contains("(link: \(link))") })
        let version = try await Self.ubxtool(link, ["-p", "MON-VER"])
        #expect(version.status == 0)
        #expect(version.output.contains("UBX-MON-VER:\n  swVersion ROM CORE 3.01 (107888)\n  hwVersion 00080000\n"))
        #expect(version.output.contains("  extension PROTVER=18.00\n  extension MOD=NEO-M8N-0\n"))
        let rate = try await Self.ubxtool(link, ["-p", "CFG-RATE"])
        #expect(rate.output.contains("UBX-CFG-RATE:\n measRate 1000 navRate 1 timeRef 1 (GPS)\n"))
        let refused = try await Self.ubxtool(link, ["-p", "CFG-RATE,40"])
        #expect(refused.status == 0 && refused.output.contains("UBX-ACK-NAK:\n  NAK to Class x06 (CFG) ID x08 (RATE)\n"), "\(refused.output)")
        _ = await simulator.waitForExit(timeout: .seconds(1))
    }

    @Test("ubxtool -g CFG-RATE-MEAS,0 reads gps simulate --ublox --generation f9's key; -z sets it, acknowledged")
    func readsTheKeysSimulator() async throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("ublox-\(UUID().uuidString)").path
        let simulator = try Spawned(CommandRunner.gpsPath!, ["simulate", "--ublox", "--generation", "f9", "--link", link])
        defer { simulator.signal(SIGTERM) }
        #expect(await simulator.waitForOutput { $0.contains("(link: \(link))") })
        let set = try await Self.ubxtool(link, ["-z", "CFG-RATE-MEAS,200"])
        #expect(set.output.contains("UBX-ACK-ACK:\n  ACK to Class x06 (CFG) ID x8a (VALSET)\n"), "\(set.output)")
        let get = try await Self.ubxtool(link, ["-g", "CFG-RATE-MEAS,0"])
        #expect(get.output.contains("UBX-CFG-VALGET:\n version 1 layer 0 position 0\n  layers (ram)\n    item CFG-RATE-MEAS/0x30210001 val 200\n"))
        let version = try await Self.ubxtool(link, ["-p", "MON-VER"])
        #expect(version.output.contains("  extension PROTVER=27.31\n  extension MOD=ZED-F9P\n"))
        _ = await simulator.waitForExit(timeout: .seconds(1))
    }

    /// The UBX frames ubxtool writes for `arguments` to a pseudo-terminal nobody answers.
    private static func framesUbxtoolWrites(_ arguments: [String]) async throws -> [[UInt8]] {
        let receiver = try VirtualReceiver()
        let running = Task { try await ubxtool(receiver.devicePath, arguments, seconds: "0.5") }
        let finished = LockedState(false)
        // Read on a thread of its own: each read blocks up to 100 ms.
        let reading = Task {
            try await onOwnThread { Result {
                var written: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 1024)
                while true {
                    let isFinished = finished.withLock { $0 }
                    let count = try buffer.withUnsafeMutableBytes { try receiver.read(into: $0, timeout: .milliseconds(100)) }
                    written += buffer[..<count]
                    // Once ubxtool has exited, what it wrote is all in the queue: read until it is empty.
                    if isFinished && count == 0 { break }
                }
                return written
            } }.get()
        }
        _ = try await running.value
        finished.withLock { $0 = true }
        let written = try await reading.value
        var framer = NMEAFramer()
        var frames: [[UInt8]] = []
        written.withUnsafeBytes { bytes in
            framer.append(bytes, sentences: { _ in }) { frame in frames.append(Array(frame.bytes)) }
        }
        return frames
    }

    @Test("For the same request gps config writes the bytes ubxtool writes", arguments: [
        (["-p", "CFG-RATE,200"], ["--rate", "5"], UBXGeneration.legacy),
        (["-p", "SAVE"], ["--save"], .legacy),
        (["-z", "CFG-RATE-MEAS,200"], ["--rate", "5", "--save"], .configurationKeys),
    ])
    func sameBytes(ubxtoolArguments: [String], configArguments: [String], generation: UBXGeneration) async throws {
        let expected = try await Self.framesUbxtoolWrites(ubxtoolArguments)
        #expect(expected.count == 1, "one frame: \(expected)")
        let simulated = try SimulatedUBlox(generation)
        let outcome = try await CommandRunner.run(["config", simulated.path] + configArguments)
        #expect(outcome.status == 0, "\(outcome.errorOutput)")
        #expect(simulated.commands == expected)
        await simulated.stop()
    }

    @Test("gps info's first poll is ubxtool -p MON-VER's frame")
    func samePoll() async throws {
        let expected = try await Self.framesUbxtoolWrites(["-p", "MON-VER"])
        let simulated = try SimulatedUBlox(.legacy)
        _ = try await CommandRunner.run(["info", simulated.path])
        #expect(simulated.settings.received.first.map { [$0] } == expected)
        await simulated.stop()
    }
}
