import Foundation
import Glibc
import GPSReader
import LocationTracking
import Testing
import TestSupport

/// `CaptureReplay`: a capture as a source of the pipeline, streamed, from any kind of file.
@Suite("Capture replay")
struct CaptureReplayTests {
    private static let drivePath = SharedMaterial.packageRoot.appendingPathComponent("Samples/captures/drive.nmea").path
    private static let drive = [UInt8](try! Data(contentsOf: URL(fileURLWithPath: drivePath)))

    private func events(_ replay: CaptureReplay) async -> [ReceiverEvent] {
        var all: [ReceiverEvent] = []
        for await event in replay.events() { all.append(event) }
        return all
    }

    @Test("opened first, then each chunk's bytes before the epochs they complete; the bytes are the file's")
    func eventsInOrder() async {
        let all = await events(CaptureReplay(.file(Self.drivePath)))
        guard case .opened(let path, nil) = all.first else { Issue.record("not opened first: \(all.first as Any)"); return }
        #expect(path == Self.drivePath)
        let bytes = all.flatMap { event -> [UInt8] in if case .bytes(let chunk) = event { chunk } else { [] } }
        #expect(bytes == Self.drive)
        let epochs = all.compactMap { event -> EpochReport? in if case .epoch(let epoch) = event { epoch } else { nil } }
        #expect(epochs == assembleEpochs(Self.drive))
    }

    @Test("a FIFO replays as the regular file does")
    func fifo() async throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(getpid()).fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            writeAll(fd, Self.drive)
            close(fd)
        }
        writer.start()
        var epochs: [EpochReport] = []
        for try await epoch in CaptureEpochs(.file(fifo)) { epochs.append(epoch) }
        let expected = assembleEpochs(Self.drive)
        #expect(epochs.count == expected.count)
        let firstDifference = zip(epochs, expected).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(firstDifference == nil, "epoch \(firstDifference?.offset ?? 0) differs")
    }

    @Test("a file truncated while it is read ends the replay with captureTruncated, after the epochs read before")
    func truncatedWhileRead() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("truncated-\(getpid()).nmea").path
        var big: [UInt8] = []
        while big.count < 3 * 64 * 1024 { big += Self.drive }
        #expect(FileManager.default.createFile(atPath: path, contents: Data(big)))
        defer { unlink(path) }
        var iterator = CaptureReplay(.file(path)).events().makeAsyncIterator()
        var sawBytes = false
        while !sawBytes, let event = await iterator.next() {
            if case .bytes = event { sawBytes = true }
        }
        #expect(truncate(path, 1000) == 0)
        var last: ReceiverEvent?
        while let event = await iterator.next() { last = event }
        guard case .failed(let error as GPSReaderError)? = last else { Issue.record("ended with \(last as Any)"); return }
        #expect(error == .captureTruncated(path: path, size: 1000))
        #expect(error.description.contains("truncated"))
    }

    @Test("an unreadable file is one failure, and nothing else")
    func unreadable() async {
        let all = await events(CaptureReplay(.file("/nonexistent/drive.nmea")))
        #expect(all.count == 1)
        guard case .failed(let error as GPSReaderError)? = all.first else { Issue.record("\(all)"); return }
        #expect(error == .captureUnreadable(path: "/nonexistent/drive.nmea"))
    }

    @Test("an endless input that frames nothing (/dev/zero) ends after frameSearchLimit bytes, with one failure saying so")
    func endlessWithoutFrames() async {
        let all = await events(CaptureReplay(.file("/dev/zero")))
        let bytes = all.reduce(0) { count, event in if case .bytes(let chunk) = event { count + chunk.count } else { count } }
        #expect(bytes == CaptureReplay.frameSearchLimit)
        guard case .failed(let error as GPSReaderError)? = all.last else { Issue.record("ended with \(all.last as Any)"); return }
        #expect(error == .captureWithoutFrames(path: "/dev/zero", bytesRead: CaptureReplay.frameSearchLimit))
        #expect(error.description.contains("first 16 MiB of /dev/zero"))
    }

    @Test("a capture whose first frame comes within frameSearchLimit bytes plays to its end")
    func noiseThenFrames() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("noise-then-drive-\(getpid()).nmea").path
        defer { unlink(path) }
        let noise = [UInt8](repeating: 0, count: CaptureReplay.frameSearchLimit - 1 << 20)
        try Data(noise + Self.drive).write(to: URL(fileURLWithPath: path))
        let all = await events(CaptureReplay(.file(path)))
        #expect(!all.contains { if case .failed = $0 { true } else { false } })
        let epochs = all.compactMap { event -> EpochReport? in if case .epoch(let epoch) = event { epoch } else { nil } }
        #expect(epochs == assembleEpochs(Self.drive))
    }
}
