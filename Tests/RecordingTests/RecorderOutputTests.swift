import Foundation
import GPSReader
import Glibc
import NMEA
@testable import Recording
import Testing

/// What `NMERecorder` writes into besides a file that stays: a file deleted while recording,
/// a FIFO, a descriptor the process was given, and a file no device ever wrote into.
@Suite("NMERecorder's output")
struct RecorderOutputTests {
    private static let lines = Array("$GPTXT,01,01,02,one*00\n$GPTXT,01,01,02,two*00\n".utf8)
    private static let epoch = ReceiverEvent.epoch(EpochReport(time: UTCTime(hour: 10, minute: 0, second: 0)))

    @Test("a folder deleted while recording is noticed at the next epoch: one failure naming the file, the lines lost, and what to do")
    func deletedFolder() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("r.nmea")
        let recorder = try NMERecorder(path: path, options: RecordingOptions(sync: .onClose))
        recorder.receive(.opened(path: "/dev/ttyUSB0", baudRate: 9600))
        recorder.receive(.bytes(Self.lines))
        recorder.receive(Self.epoch)
        #expect(recorder.failure == nil)
        scratch.remove()
        recorder.receive(.bytes(Self.lines))
        recorder.receive(Self.epoch)
        #expect(recorder.failure == .removed(path: path, lines: 4))
        #expect(!recorder.wantsMoreEvents)
        #expect(recorder.failure?.description == "\(path) was deleted while recording (the file or its folder): what was "
            + "written into it is lost with it. The recording stopped after 4 lines; record again into a folder that stays.")
        recorder.finish()
        #expect(recorder.failure == .removed(path: path, lines: 4), "said once")
    }

    @Test("a file deleted after the last epoch is noticed at the end")
    func deletedBeforeTheEnd() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("r.nmea")
        let recorder = try NMERecorder(path: path)
        recorder.receive(.opened(path: "/dev/ttyUSB0", baudRate: 9600))
        recorder.receive(.bytes(Self.lines))
        #expect(unlink(path) == 0)
        recorder.finish()
        #expect(recorder.failure == .removed(path: path, lines: 2))
    }

    @Test("a FIFO is written as it is, never fsynced, whatever the options; one nothing reads is refused at once, with what to do")
    func fifo() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("fifo")
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: RecordingError.noReader(path: path)) { try NMERecorder(path: path) }
        #expect(RecordingError.noReader(path: path).description
            == "Nothing reads the FIFO \(path): start its reader first (`cat \(path)`), then the recording.")

        let reader = open(path, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let recorder = try NMERecorder(path: path, options: RecordingOptions(writesHeader: false))
        recorder.receive(.opened(path: "/dev/ttyUSB0", baudRate: 9600))
        recorder.receive(.bytes(Self.lines))
        recorder.receive(Self.epoch)
        recorder.finish()
        #expect(recorder.failure == nil)
        #expect(recorder.summary.lines == 2)
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(reader, &buffer, buffer.count)
        #expect(Array(buffer.prefix(max(0, count))) == Self.lines)
    }

    @Test("/dev/fd/N, like /dev/stdout, writes into the process's own descriptor (a pipe here), never fsynced")
    func givenDescriptor() throws {
        var ends: [CInt] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let recorder = try NMERecorder(path: "/dev/fd/\(ends[1])", options: RecordingOptions(writesHeader: false))
        recorder.receive(.opened(path: "/dev/ttyUSB0", baudRate: 9600))
        recorder.receive(.bytes(Self.lines))
        recorder.receive(Self.epoch)
        recorder.finish()
        #expect(recorder.failure == nil)
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(ends[0], &buffer, buffer.count)
        #expect(Array(buffer.prefix(max(0, count))) == Self.lines)
    }

    @Test("a file created for a device that never opened is removed at the end; one that was there stays")
    func neverOpened() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("r.nmea")
        let recorder = try NMERecorder(path: path)
        recorder.finish()
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(recorder.summary.isDiscarded)
        #expect(recorder.failure == nil)

        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let appending = try NMERecorder(path: path, options: RecordingOptions(existingFile: .append))
        appending.finish()
        #expect(FileManager.default.fileExists(atPath: path), "not this recording's to remove")
        #expect(!appending.summary.isDiscarded)
    }
}
