import Foundation
import Glibc
import Locking
import SerialPort
import Testing
import TestSupport

/// Every command reads through the one pipeline, so every command says the same about bad input
/// and reads the same sources.
@Suite("gps commands on the one pipeline", .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"))
struct PipelineCommandTests {
    private static let drive = CommandRunner.packageRoot.appendingPathComponent("Samples/captures/drive.nmea").path

    /// Sends garbage until `command` says the bytes are not NMEA, then NMEA until `fixed` holds.
    private func garbageThenNMEA(
        _ receiver: VirtualReceiver, _ command: BackgroundCommand, fixed: @escaping (String) -> Bool
    ) async throws -> (garbled: Bool, fixed: Bool) {
        let garbage = [UInt8](repeating: 0xA5, count: 512)
        let heard = LockedState(false)
        let sending = detachedOnThreadOfItsOwn {
            var second = 0
            while !Task.isCancelled {
                // The reader discards what waited before it opened: keep talking until heard.
                if heard.withLock({ $0 }) {
                    let time = String(format: "10%02d%02d", second / 60 % 60, second % 60)
                    try? receiver.send(Array(epoch(time).map(sentence).joined().utf8), timeout: .milliseconds(5))
                    second += 1
                } else {
                    try? receiver.send(garbage, timeout: .milliseconds(5))
                }
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
        defer { sending.cancel() }
        let garbled = await command.waitForOutput { $0.contains("are not NMEA") }
        heard.withLock { $0 = true }
        return (garbled, await command.waitForOutput(until: fixed))
    }

    @Test("a receiver at the wrong speed: gps read, read --json and serve each say the bytes are not NMEA, with the remedy, then read fixes once NMEA comes",
          arguments: ["read", "read --json", "serve"])
    func garbledReceiver(command: String) async throws {
        let receiver = try VirtualReceiver()
        let arguments: [String] = switch command {
        case "serve": ["serve", receiver.devicePath, "--listen", "127.0.0.1:\(freeLoopbackPort())"]
        case "read --json": ["read", receiver.devicePath, "--json"]
        default: ["read", receiver.devicePath]
        }
        let process = try BackgroundCommand(arguments, mergingStandardError: true)
        // serve has no fix to show on its own output: the message, and that it goes on serving.
        let fixed: (String) -> Bool = switch command {
        case "serve": { $0.contains("are not NMEA") }
        case "read --json": { $0.contains(#""mode":3"#) }
        default: { $0.contains(" m/s ") }
        }
        let (garbled, gotFix) = try await garbageThenNMEA(receiver, process, fixed: fixed)
        #expect(garbled, "\(process.output)")
        #expect(process.output.contains("gps: failed: The bytes from \(receiver.devicePath) at 9600 bit/s are not NMEA"))
        #expect(process.output.contains("Try `gps read \(receiver.devicePath) --baud 4800`"))
        #expect(gotFix, "\(process.output)")
        #expect(process.output.components(separatedBy: "are not NMEA").count == 2, "said once: \(process.output)")
        #expect(await process.interrupt() == 0)
    }

    @Test("gps read, serve and record only read the receiver: not a byte is written to it", arguments: ["read", "serve", "record"])
    func nothingWrittenToTheReceiver(command: String) async throws {
        let receiver = try VirtualReceiver()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("gps-\(UUID().uuidString).nmea").path
        defer { unlink(output) }
        let arguments: [String] = switch command {
        case "serve": ["serve", receiver.devicePath, "--listen", "127.0.0.1:\(freeLoopbackPort())"]
        case "record": ["record", receiver.devicePath, "--output", output]
        default: ["read", receiver.devicePath]
        }
        let process = try BackgroundCommand(arguments, mergingStandardError: true)
        let sending = detachedOnThreadOfItsOwn {
            for second in 0..<600 where !Task.isCancelled {
                let time = String(format: "10%02d%02d", second / 60 % 60, second % 60)
                try? receiver.send(Array(epoch(time).map(sentence).joined().utf8), timeout: .milliseconds(5))
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
        defer { sending.cancel() }
        // Read for two seconds, and until gps read prints a fix, then see what reached the
        // receiver's side: the time is what is under test (two seconds in which nothing is sent).
        try await Task.sleep(for: .seconds(2))
        if command == "read" { #expect(await process.waitForOutput { $0.contains(" m/s ") }, "it read fixes: \(process.output)") }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let written = try buffer.withUnsafeMutableBytes { try receiver.read(into: $0, timeout: .milliseconds(300)) }
        #expect(written == 0, "\(command) wrote \(written) bytes: \(process.output)")
        #expect(await process.interrupt() == 0)
    }

    @Test("gps replay --json of a FIFO writes what the regular file gives")
    func replayFIFO() async throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("gps-\(UUID().uuidString).fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let capture = try Data(contentsOf: URL(fileURLWithPath: Self.drive))
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            writeAll(fd, capture)
            close(fd)
        }
        writer.start()
        let fromFIFO = try await CommandRunner.run(["replay", fifo, "--rate", "0", "--json"])
        let fromFile = try await CommandRunner.run(["replay", Self.drive, "--rate", "0", "--json"])
        #expect(fromFIFO.status == 0)
        #expect(fromFIFO.output == fromFile.output.replacingOccurrences(of: Self.drive, with: fifo))
        #expect(fromFIFO.output.contains(#""mode":3"#))
    }

    @Test("gps read gpsd:// on a terminal shows the panel, as gps read DEVICE does",
          .enabled(if: TerminalSession.tmuxPath != nil, "\(TerminalSession.missingMessage)"))
    func gpsdPanel() async throws {
        let port = freeLoopbackPort()
        let server = try BackgroundCommand(
            ["serve", "--replay", Self.drive, "--rate", "5", "--listen", "127.0.0.1:\(port)"], mergingStandardError: true)
        #expect(await server.waitForOutput { $0.contains("gps: serving") })
        try await TerminalSession.run(["read", "gpsd://127.0.0.1:\(port)"]) { terminal in
            #expect(try await terminal.waitForRow(where: { $0.hasPrefix(" Status") && $0.contains("3D fix") }))
            let screen = try await terminal.screen()
            #expect(screen.first?.hasPrefix(" gps · gpsd://127.0.0.1:\(port)") == true, "\(screen)")
            #expect(screen.contains { $0.hasPrefix(" Latitude") && $0.contains("° N") }, "\(screen)")
        }
        #expect(await server.interrupt() == 0)
    }
}
