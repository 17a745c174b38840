import Foundation
import Glibc
import SerialPort
import Testing
import TestSupport

/// A u-blox receiver that speaks UBX, on a pty: its fixes, with the receiver's own accuracy,
/// reach gpsd's clients through `gps serve` and the fix lines of `gps read`.
@Suite("A u-blox receiver speaking UBX", .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"))
struct UBXReceiverCommandTests {
    static let gpspipe = Subprocess.find("gpspipe")

    /// ublox-zed-f9p-hp.log: NAV-PVT, NAV-HPPOSLLH, NAV-DOP, NAV-TIMEGPS... and NAV-EOE each second.
    static let log = SharedMaterial.ubxLogs.map { $0.appendingPathComponent("ublox-zed-f9p-hp.log") }
        .flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil }

    /// Plays the log on a pty, again and again, at a serial line's pace.
    private func playing(_ receiver: VirtualReceiver) throws -> Task<Void, Never> {
        let capture = [UInt8](try Data(contentsOf: try #require(Self.log)))
        return Task { while !Task.isCancelled { try? await receiver.play(capture, pace: .wire(115_200)) } }
    }

    @Test("gps serve DEVICE: gpspipe gets TPVs of UBX with the receiver's position to 1e-9°, its leap seconds and its own errors",
          .enabled(if: gpspipe != nil && log != nil, "gpspipe (gpsd-clients) or ../shared/corpus/gpsd-ubx is missing"))
    func serveUBX() async throws {
        let receiver = try VirtualReceiver()
        let player = try playing(receiver)
        defer { player.cancel() }
        let port = freeLoopbackPort()
        let server = try Spawned(CommandRunner.gpsPath!, ["serve", receiver.devicePath, "--listen", "127.0.0.1:\(port)"],
                                 mergingStandardError: true)
        defer { server.signal(SIGINT) }
        #expect(await server.waitForOutput(until: { $0.contains("serving") }))
        let json = try await Subprocess.run(Self.gpspipe!, ["-w", "-n", "14", "127.0.0.1:\(port)"])
        let fixes = json.output.split(whereSeparator: \.isNewline).filter { $0.contains(#""class":"TPV""#) && $0.contains(#""mode":3"#) }
        #expect(!fixes.isEmpty, "\(json.output)")
        for fix in fixes {
            #expect(fix.contains(#""leapseconds":18"#), "\(fix)")
            #expect(fix.contains(#""lat":-45.877"#), "\(fix)")
            #expect(fix.contains(#""ecefx":"#) && fix.contains(#""eph":"#) && fix.contains(#""epx":"#), "\(fix)")
        }
    }

    @Test("gps read DEVICE into a pipe: a fix line per navigation solution, with the receiver's own accuracy",
          .enabled(if: log != nil, "../shared/corpus/gpsd-ubx is missing"))
    func readUBX() async throws {
        let receiver = try VirtualReceiver()
        let player = try playing(receiver)
        defer { player.cancel() }
        let reader = try Spawned(CommandRunner.gpsPath!, ["read", receiver.devicePath])
        defer { reader.signal(SIGINT) }
        #expect(await reader.waitForOutput(until: { $0.split(separator: "\n").count >= 5 }), "\(reader.output)")
        // One snapshot, whole lines only: the reader may be writing the next.
        let output = reader.output
        let fixes = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().filter { $0.hasPrefix("20") }
        #expect(fixes.count >= 4, "\(output)")
        #expect(fixes.allSatisfy { $0.hasPrefix("2019-04-22T21:") && $0.contains("-45.877") }, "\(output)")
        // The first epoch may be a tail: the port opened after its NAV-SAT and NAV-VELNED went by.
        #expect(fixes.dropFirst().allSatisfy { $0.contains(" sat  hdop  0.8  ± ") }, "\(output)")
    }
}
