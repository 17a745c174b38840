import Foundation
import SerialPort
import Testing
import TestSupport

/// File names that are not UTF-8 (Linux's names are bytes): `gps` opens the file the bytes
/// name, and its messages write such a byte `\xFF`.
@Suite("Paths that are not UTF-8", .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"))
struct PathBytesCommandTests {
    private static let sampleDrive = CommandRunner.packageRoot.appendingPathComponent("Samples/captures/drive.nmea").path
    private let drive = [UInt8](FileManager.default.contents(atPath: Self.sampleDrive)!)

    @Test("gps replay of a capture named bad\\xff\\xfe.nmea replays it: status 0, the same fix lines as the sample drive's")
    func replaysNameThatIsNotUTF8() async throws {
        let folder = try ByteNames.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ByteNames.write(drive, to: folder, named: Array("bad".utf8) + [0xFF, 0xFE] + Array(".nmea".utf8))
        let replay = try await ByteNames.run(#"replay "$(printf 'bad\377\376.nmea')" --rate 0"#, in: folder)
        let expected = try await CommandRunner.run(["replay", Self.sampleDrive, "--rate", "0"])
        #expect(replay.status == 0, "\(replay.errorOutput)")
        #expect(replay.output.split(separator: "\n").count == 90)
        #expect(replay.output == expected.output)
    }

    @Test("a capture that is not there, named with a byte that is not UTF-8: the message writes the byte \\xFF")
    func messageEscapesTheByte() async throws {
        let folder = try ByteNames.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let replay = try await ByteNames.run(#"replay "$(printf 'missing\377.nmea')""#, in: folder)
        #expect(replay.status == 1)
        #expect(replay.errorOutput.contains(#"missing\xFF.nmea"#), "\(replay.errorOutput)")
    }

    @Test("gps record --output out\\xff.nmea writes exactly that name, and says it with \\xFF")
    func recordsIntoNameThatIsNotUTF8() async throws {
        let folder = try ByteNames.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let receiver = try VirtualReceiver()
        let recorder = try ByteNames.start("record \(receiver.devicePath) --output \"$(printf 'out\\377.nmea')\"", in: folder)
        try #require(await recorder.waitForOutput { $0.contains(#"into out\xFF.nmea; Ctrl-C to stop"#) }, "\(recorder.output)")
        let lines = Array(drive.prefix(2000).split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().joined(separator: [0x0A])) + [0x0A]
        try receiver.send(lines, timeout: .seconds(10))
        await eventually("gps record has read every byte") { (try? receiver.unreadByteCount()) == 0 }
        #expect(await recorder.interrupt() == 0)
        #expect(recorder.output.contains(#"into out\xFF.nmea"#), "\(recorder.output)")
        #expect(ByteNames.names(in: folder) == [Array("out".utf8) + [0xFF] + Array(".nmea".utf8)])
    }

    @Test("gps replay --gpx of a capture named with a control character: GPX that validates against the GPX 1.1 schema",
          .enabled(if: Subprocess.find("xmllint") != nil && gpxSchema != nil, "xmllint (libxml2-utils) or ../shared/schemas/gpx-1.1.xsd is missing"))
    func gpxOfControlCharacterName() async throws {
        let folder = try ByteNames.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ByteNames.write(drive, to: folder, named: Array("drive".utf8) + [0x01] + Array(".nmea".utf8))
        let export = try await ByteNames.run(#"replay "$(printf 'drive\001.nmea')" --gpx > drive.gpx"#, in: folder)
        #expect(export.status == 0, "\(export.errorOutput)")
        let lint = try await CommandRunner.run(
            ["--noout", "--schema", try #require(Self.gpxSchema), folder + "/drive.gpx"], program: Subprocess.find("xmllint"))
        #expect(lint.status == 0, "\(lint.errorOutput)")
    }

    private static let gpxSchema: String? = SharedMaterial.root.map { $0.appendingPathComponent("schemas/gpx-1.1.xsd").path }
        .flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
}
