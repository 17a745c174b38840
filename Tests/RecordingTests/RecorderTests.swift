import Foundation
import GPSReader
import Glibc
import Locking
import NMEA
import POSIXSupport
@testable import Recording
import Testing
import TestSupport

/// `NMERecorder`: every whole line as received, as soon as it has arrived; a file that ends on
/// a whole line; nothing overwritten by accident; rotation that loses no line.
@Suite("NMERecorder")
struct RecorderTests {
    private let drive = [UInt8](FileManager.default.contents(atPath: sampleDrive)!)

    /// Feeds `bytes` in chunks of `size` after `.opened`, an `.epoch` after each chunk.
    private func feed(_ recorder: NMERecorder, _ bytes: [UInt8], chunk size: Int, baudRate: Int? = 9600) {
        recorder.receive(.opened(path: "/dev/ttyUSB0", baudRate: baudRate))
        for start in stride(from: 0, to: bytes.count, by: size) {
            recorder.receive(.bytes(Array(bytes[start..<min(start + size, bytes.count)])))
            recorder.receive(.epoch(EpochReport(time: UTCTime(hour: 10, minute: 0, second: 0))))
        }
    }

    @Test("every line comes out byte for byte, whatever the chunks, after a # header naming the device, speed and start",
          arguments: [1, 7, 82, 4096, 1 << 20])
    func byteForByte(chunk: Int) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let start = Date(timeIntervalSince1970: 1_748_772_000)  // 2025-06-01T10:00:00Z
        // No fsync per epoch: the epochs here come after every chunk, a byte's, and thousands of
        // fsyncs would hold a thread of the cooperative pool for seconds. Syncing is tested below.
        let recorder = try NMERecorder(path: scratch.file("drive.nmea"), options: RecordingOptions(sync: .onClose, clock: { start }))
        feed(recorder, drive, chunk: chunk)
        recorder.finish()
        let recorded = scratch.contents("drive.nmea")
        #expect(recorded.withoutComments.elementsEqual(drive.withoutComments))
        let header = String(decoding: recorded, as: UTF8.self).components(separatedBy: "\n").prefix(3)
        #expect(Array(header) == [
            "# Recorded by gps record from /dev/ttyUSB0 at 9600 bit/s", "# Date: 2025-06-01", "# Started: 2025-06-01T10:00:00Z",
        ])
        #expect(recorder.summary.lines == drive.count { $0 == 0x0A })
        #expect(recorder.summary.bytes == drive.count)
        #expect(recorder.failure == nil)
    }

    @Test("gpsfake (gpsd 3.22) plays a recording of a serial receiver at any speed: the header has no Serial: comment it refuses",
          .enabled(if: GPSFake.path != nil, "gpsfake is not installed (apt-get install gpsd gpsd-clients)"),
          arguments: [9600, 460_800])
    func gpsfakePlaysAnySpeed(baudRate: Int) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("drive.nmea")
        let recorder = try NMERecorder(path: path, options: RecordingOptions(sync: .onClose))
        feed(recorder, drive, chunk: 4096, baudRate: baudRate)
        recorder.finish()
        let header = String(decoding: scratch.contents("drive.nmea").prefix(200), as: UTF8.self)
        #expect(header.hasPrefix("# Recorded by gps record from /dev/ttyUSB0 at \(baudRate) bit/s\n"))
        #expect(!header.contains("Serial:"))
        let play = try await GPSFake.run(["-1", "-p", "-q", "-s", "38400", "-r", #"?WATCH={"json":true}"#, path])
        #expect(play.status == 0, "gpsfake refuses a log with a Serial: comment, status 1")
        #expect(play.output.split(whereSeparator: \.isNewline).count { $0.contains(#""class":"TPV""#) && $0.contains(#""mode":3"#) } >= 10,
                "\(play.output.suffix(2000))")
    }

    @Test("lines that are not NMEA are kept and counted; bytes that end no line are dropped and counted")
    func otherBytes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let recorder = try NMERecorder(path: scratch.file("r.nmea"), options: RecordingOptions(writesHeader: false))
        let banner = Array("SkyTraq Venus 8 boot\r\n".utf8)
        let gga = Array(sentence("GPGGA,100000.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,").utf8)
        feed(recorder, banner + gga + Array("$GPRMC,1000".utf8), chunk: 5)
        recorder.finish()
        #expect(scratch.contents("r.nmea") == banner + gga)
        #expect(recorder.summary.lines == 2)
        #expect(recorder.summary.otherLines == 1)
        #expect(recorder.summary.droppedBytes == 11)
    }

    @Test("an unplug cuts the line under way: it is dropped, and the next line starts clean")
    func unplugCutsLine() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let recorder = try NMERecorder(path: scratch.file("r.nmea"), options: RecordingOptions(writesHeader: false))
        let gga = Array(sentence("GPGGA,100000.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,").utf8)
        feed(recorder, gga + Array("$GPGSA,A,3,0".utf8), chunk: 64)
        recorder.receive(.unplugged(GPSReaderError.captureUnreadable(path: "/dev/ttyUSB0")))
        feed(recorder, gga, chunk: 64)
        recorder.finish()
        #expect(scratch.contents("r.nmea") == gga + gga)
        #expect(recorder.summary.droppedBytes == 12)
    }

    @Test("an existing file is refused unless appended to or replaced")
    func existingFile() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("r.nmea")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("$GPTXT,old\n".utf8)))
        #expect(throws: RecordingError.fileExists(path: path)) { try NMERecorder(path: path) }
        #expect(RecordingError.fileExists(path: path).description.contains("--append adds to it, --force replaces it"))
        #expect(scratch.contents("r.nmea") == Array("$GPTXT,old\n".utf8))

        let appending = try NMERecorder(path: path, options: RecordingOptions(existingFile: .append, writesHeader: false))
        feed(appending, Array("$GPTXT,new\n".utf8), chunk: 3)
        appending.finish()
        #expect(scratch.contents("r.nmea") == Array("$GPTXT,old\n$GPTXT,new\n".utf8))

        let replacing = try NMERecorder(path: path, options: RecordingOptions(existingFile: .replace, writesHeader: false))
        feed(replacing, Array("$GPTXT,only\n".utf8), chunk: 3)
        replacing.finish()
        #expect(scratch.contents("r.nmea") == Array("$GPTXT,only\n".utf8))
    }

    @Test("rotating, a piece an earlier recording left (FILE.N) is refused at the start, naming it, and nothing is created")
    func leftoverPieceRefused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("r.nmea")
        #expect(FileManager.default.createFile(atPath: path + ".2", contents: Data("$GPTXT,old\n".utf8)))
        #expect(throws: RecordingError.pieceExists(path: path + ".2")) {
            try NMERecorder(path: path, options: RecordingOptions(rotation: .bySize(1024)))
        }
        #expect(throws: RecordingError.pieceExists(path: path + ".2")) {
            try NMERecorder(path: path, options: RecordingOptions(rotation: .hourly))
        }
        #expect(RecordingError.pieceExists(path: path + ".2").description
            == "\(path).2 exists, a piece of an earlier recording: --append adds to its newest piece, --force removes the pieces, "
            + "or choose another file.")
        #expect(!FileManager.default.fileExists(atPath: path))
        // Without rotation the pieces are not this recording's business.
        let unrotated = try NMERecorder(path: path, options: RecordingOptions(writesHeader: false))
        unrotated.receive(.opened(path: "/dev/ttyUSB0", baudRate: nil))  // else the empty file is removed
        unrotated.finish()
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("rotating with replace, the earlier recording's pieces are removed at the start: the pieces hold this recording alone")
    func leftoverPiecesReplaced() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("r.nmea")
        for name in ["r.nmea", "r.nmea.1", "r.nmea.2", "r.nmea.7", "r.nmea.gpx", "r.nmea.1.bak"] {
            #expect(FileManager.default.createFile(atPath: scratch.file(name), contents: Data("$GPTXT,old\n".utf8)))
        }
        let recorder = try NMERecorder(path: path, options: RecordingOptions(existingFile: .replace, rotation: .bySize(20), writesHeader: false))
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
        #expect(left == ["r.nmea", "r.nmea.1.bak", "r.nmea.gpx"], "removed before anything is read")
        feed(recorder, Array("$GPTXT,1\n$GPTXT,2\n$GPTXT,3\n".utf8), chunk: 9)
        recorder.finish()
        #expect(recorder.summary.pieces == [path, path + ".1"])
        #expect(scratch.contents("r.nmea") + scratch.contents("r.nmea.1") == Array("$GPTXT,1\n$GPTXT,2\n$GPTXT,3\n".utf8))
        #expect(!FileManager.default.fileExists(atPath: path + ".2"))
        #expect(scratch.contents("r.nmea.gpx") == Array("$GPTXT,old\n".utf8), "only FILE.N is a piece")
    }

    @Test("rotating with append, the recording goes on in the newest piece")
    func leftoverPiecesAppended() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("r.nmea")
        for name in ["r.nmea", "r.nmea.1"] {
            #expect(FileManager.default.createFile(atPath: scratch.file(name), contents: Data("$GPTXT,old\n".utf8)))
        }
        let recorder = try NMERecorder(path: path, options: RecordingOptions(existingFile: .append, rotation: .bySize(1024), writesHeader: false))
        feed(recorder, Array("$GPTXT,new\n".utf8), chunk: 11)
        recorder.finish()
        #expect(scratch.contents("r.nmea") == Array("$GPTXT,old\n".utf8))
        #expect(scratch.contents("r.nmea.1") == Array("$GPTXT,old\n$GPTXT,new\n".utf8))
    }

    @Test("rotating, only the names the recorder makes are pieces: FILE.01, FILE.0, FILE.+1 are neither refused, removed nor appended to")
    func lookalikesAreNotPieces() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("r.nmea")
        let lookalikes = ["r.nmea.01", "r.nmea.0", "r.nmea.+1", "r.nmea.1 "]
        for name in lookalikes {
            #expect(FileManager.default.createFile(atPath: scratch.file(name), contents: Data("$GPTXT,old\n".utf8)))
        }
        #expect(RecordingPieces.leftovers(of: FilePath(path)).isEmpty)
        #expect(RecordingPieces.newest(of: FilePath(path)) == 0)

        let refusing = try NMERecorder(path: path, options: RecordingOptions(rotation: .bySize(1024), writesHeader: false))
        refusing.receive(.opened(path: "/dev/ttyUSB0", baudRate: nil))  // else the empty file is removed
        refusing.finish()
        #expect(FileManager.default.createFile(atPath: scratch.file("r.nmea.2"), contents: Data("$GPTXT,old\n".utf8)))
        try FileManager.default.removeItem(atPath: path)
        #expect(throws: RecordingError.pieceExists(path: path + ".2"), "the piece refused is the file that is there") {
            try NMERecorder(path: path, options: RecordingOptions(rotation: .bySize(1024)))
        }

        let appending = try NMERecorder(path: path, options: RecordingOptions(existingFile: .append, rotation: .bySize(1024), writesHeader: false))
        feed(appending, Array("$GPTXT,new\n".utf8), chunk: 11)
        appending.finish()
        #expect(appending.summary.pieces == [path + ".2"])
        #expect(scratch.contents("r.nmea.2") == Array("$GPTXT,old\n$GPTXT,new\n".utf8))

        let replacing = try NMERecorder(path: path, options: RecordingOptions(existingFile: .replace, rotation: .bySize(1024), writesHeader: false))
        replacing.receive(.opened(path: "/dev/ttyUSB0", baudRate: nil))  // else the empty file is removed
        replacing.finish()
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
        #expect(left == (["r.nmea"] + lookalikes).sorted())
        for name in lookalikes { #expect(scratch.contents(name) == Array("$GPTXT,old\n".utf8), "\(name) untouched") }
    }

    @Test("rotating with replace, a FILE that cannot be opened leaves the earlier pieces in place")
    func replaceKeepsPiecesWhenFileCannotOpen() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("r.nmea")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: path + ".1", contents: Data("$GPTXT,old\n".utf8)))
        #expect(throws: RecordingError.cannotOpen(path: path, errno: EISDIR)) {
            try NMERecorder(path: path, options: RecordingOptions(existingFile: .replace, rotation: .bySize(1024)))
        }
        #expect(scratch.contents("r.nmea.1") == Array("$GPTXT,old\n".utf8))
    }

    @Test("rotating, pieces with gaps (FILE.1, FILE.3) all count: refuse names the lowest, replace removes both, append goes on in FILE.3 and then FILE.4")
    func piecesWithGaps() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("r.nmea")
        for name in ["r.nmea.1", "r.nmea.3"] {
            #expect(FileManager.default.createFile(atPath: scratch.file(name), contents: Data("$GPTXT,old\n".utf8)))
        }
        #expect(RecordingPieces.leftovers(of: FilePath(path)) == [FilePath(path + ".1"), FilePath(path + ".3")])
        #expect(RecordingPieces.newest(of: FilePath(path)) == 3)
        #expect(throws: RecordingError.pieceExists(path: path + ".1")) {
            try NMERecorder(path: path, options: RecordingOptions(rotation: .bySize(1024)))
        }

        let appending = try NMERecorder(path: path, options: RecordingOptions(existingFile: .append, rotation: .bySize(20), writesHeader: false))
        feed(appending, Array("$GPTXT,1\n$GPTXT,2\n".utf8), chunk: 9)
        appending.finish()
        #expect(appending.summary.pieces == [path + ".3", path + ".4"])
        #expect(scratch.contents("r.nmea.1") == Array("$GPTXT,old\n".utf8))
        #expect(scratch.contents("r.nmea.3") == Array("$GPTXT,old\n$GPTXT,1\n".utf8))
        #expect(scratch.contents("r.nmea.4") == Array("$GPTXT,2\n".utf8))
        #expect(!FileManager.default.fileExists(atPath: path + ".2"))

        let replacing = try NMERecorder(path: path, options: RecordingOptions(existingFile: .replace, rotation: .bySize(1024), writesHeader: false))
        replacing.receive(.opened(path: "/dev/ttyUSB0", baudRate: nil))  // else the empty file is removed
        replacing.finish()
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["r.nmea"])
    }

    @Test("a folder that is not there is said with the path, before anything is read")
    func missingFolder() {
        let path = "/nonexistent-\(UUID().uuidString)/r.nmea"
        #expect(throws: RecordingError.cannotOpen(path: path, errno: ENOENT)) { try NMERecorder(path: path) }
    }

    @Test("rotation by size: pieces that end on whole lines, none past the limit, together the whole stream",
          arguments: [700, 4096, 10_000])
    func rotationBySize(limit: Int) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("drive.nmea")
        let recorder = try NMERecorder(path: path, options: RecordingOptions(rotation: .bySize(limit)))
        feed(recorder, drive, chunk: 1000)
        recorder.finish()
        let pieces = recorder.summary.pieces
        #expect(pieces.count > 1)
        #expect(pieces == [path] + (1..<pieces.count).map { "\(path).\($0)" })
        var joined: [UInt8] = []
        for piece in pieces {
            let bytes = [UInt8](FileManager.default.contents(atPath: piece)!)
            #expect(bytes.last == 0x0A, "\(piece) ends on a whole line")
            #expect(bytes.count <= limit, "\(piece): \(bytes.count) bytes")
            #expect(bytes.starts(with: Array("# Recorded by gps record".utf8)), "each piece has its header")
            joined += bytes.withoutComments
        }
        #expect(joined.elementsEqual(drive.withoutComments))
    }

    @Test("hourly rotation: a new piece at the first line of each UTC hour, no line lost at the boundary")
    func hourlyRotation() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let now = LockedClock(Date(timeIntervalSince1970: 1_748_775_590))  // 10:59:50
        let path = scratch.file("r.nmea")
        let recorder = try NMERecorder(
            path: path, options: RecordingOptions(rotation: .hourly, writesHeader: false, clock: { now.date }))
        recorder.receive(.opened(path: "/dev/ttyACM0", baudRate: nil))
        recorder.receive(.bytes(Array("$GPTXT,1\n$GPTXT,2\n$GPTX".utf8)))
        now.advance(by: 20)  // 11:00:10: the held half line ends in the new hour's piece
        recorder.receive(.bytes(Array("T,3\n$GPTXT,4\n".utf8)))
        now.advance(by: 3600)
        recorder.receive(.bytes(Array("$GPTXT,5\n".utf8)))
        recorder.finish()
        #expect(recorder.summary.pieces == [path, path + ".1", path + ".2"])
        #expect(scratch.contents("r.nmea") == Array("$GPTXT,1\n$GPTXT,2\n".utf8))
        #expect(scratch.contents("r.nmea.1") == Array("$GPTXT,3\n$GPTXT,4\n".utf8))
        #expect(scratch.contents("r.nmea.2") == Array("$GPTXT,5\n".utf8))
    }

    #if DEBUG
    @Test("a full disk: one failure naming the file and ENOSPC, no more events wanted, the file ending on a whole line")
    func fullDisk() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("r.nmea")
        let recorder = try NMERecorder(path: path, options: RecordingOptions(writesHeader: false))
        let line = Array("$GPTXT,01,01,02,hello*00\n".utf8)
        recorder.receive(.opened(path: "/dev/ttyUSB0", baudRate: 4800))
        recorder.receive(.bytes(line))
        // The header is not written (writesHeader false): the second write is the second line's.
        forcing([.write: [ENOSPC]]) {
            recorder.receive(.bytes(line))
        }
        #expect(!recorder.wantsMoreEvents)
        recorder.receive(.bytes(line))
        recorder.finish()
        let failure = try #require(recorder.failure)
        #expect(failure == .cannotWrite(path: path, errno: ENOSPC, lines: 1))
        #expect(failure.description.hasPrefix("Cannot write \(path): No space left on device (ENOSPC)."))
        #expect(scratch.contents("r.nmea") == line)
    }

    @Test("a full disk mid-write: the line count says the whole lines the file ends with, those of the short write too")
    func fullDiskAfterShortWrite() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("r.nmea")
        let recorder = try NMERecorder(path: path, options: RecordingOptions(writesHeader: false))
        let line = Array("$GPTXT,1\n".utf8)  // 9 bytes
        recorder.receive(.opened(path: "/dev/ttyUSB0", baudRate: 4800))
        recorder.receive(.bytes(line))
        // Four lines in one write: the disk takes 30 bytes of them (three lines and a piece of
        // the fourth), then is full.
        let plan = FaultInjection([.write: [0, ENOSPC]])
        plan.limitWrites(to: 30)
        FaultInjection.$current.withValue(plan) {
            recorder.receive(.bytes(line + line + line + line))
        }
        #expect(plan.unused == 0)
        recorder.finish()
        let failure = try #require(recorder.failure)
        #expect(failure == .cannotWrite(path: path, errno: ENOSPC, lines: 4))
        #expect(failure.description.contains("the file ends on its last whole line (4 lines)"))
        #expect(scratch.contents("r.nmea") == line + line + line + line, "cut back to the last whole line")
        #expect(recorder.summary.lines == 4)
        #expect(recorder.summary.bytes == 36)
    }

    @Test("--sync epoch: one fsync per epoch that wrote lines; onClose: one, at the end")
    func syncPolicy() throws {
        for (policy, expected) in [(RecordingOptions.SyncPolicy.everyEpoch, 4), (.onClose, 1)] {
            let scratch = try Scratch()
            defer { scratch.remove() }
            let recorder = try NMERecorder(path: scratch.file("r.nmea"), options: RecordingOptions(sync: policy))
            let plan = FaultInjection()
            FaultInjection.$current.withValue(plan) {
                feed(recorder, Array("$GPTXT,1\n$GPTXT,2\n$GPTXT,3\n$GPTXT,4\n".utf8), chunk: 9)
                recorder.receive(.epoch(EpochReport(time: UTCTime(hour: 10, minute: 0, second: 1))))
                recorder.finish()
            }
            #expect(plan.calls(of: .fsync) == expected, "\(policy)")
        }
    }
    #endif

    @Test("the recorder is a sink: it records a capture's replay through the pipeline, beside other sinks")
    func asSink() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let recorder = try NMERecorder(path: scratch.file("copy.nmea"))
        let gpx = GPXWriter(output: { _ in true })
        var sinks = ReceiverSinks([recorder, gpx])
        await CaptureReplay(.file(sampleDrive)).run(into: &sinks)
        recorder.finish()
        #expect(scratch.contents("copy.nmea").withoutComments.elementsEqual(drive.withoutComments))
        #expect(String(decoding: scratch.contents("copy.nmea").prefix(200), as: UTF8.self).hasPrefix("# Recorded by gps record from \(sampleDrive)"))
    }
}

/// A wall clock a test moves.
final class LockedClock: Sendable {
    private let state: LockedState<Date>

    init(_ date: Date) { state = LockedState(date) }

    var date: Date { state.withLock { $0 } }

    func advance(by seconds: TimeInterval) { state.withLock { $0.addTimeInterval(seconds) } }
}
