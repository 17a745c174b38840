import Foundation
import GPSReader
import LocationTracking
import Testing
import TestSupport

/// `CaptureEpochs`: the lossless path, every epoch of a capture in order, pulled.
@Suite("Capture epochs")
struct CaptureEpochsTests {
    private static let sampleDrive = SharedMaterial.packageRoot.appendingPathComponent("Samples/captures/drive.nmea").path

    @Test("every epoch of the sample drive, in order, the same as assembling it whole")
    func everyEpoch() async throws {
        var epochs: [EpochReport] = []
        for try await epoch in CaptureEpochs(.file(Self.sampleDrive)) { epochs.append(epoch) }
        let whole = assembleEpochs(Array(try Data(contentsOf: URL(fileURLWithPath: Self.sampleDrive))))
        #expect(epochs == whole)
        #expect(epochs.count == 108, "every epoch, with a fix or not")
        #expect(epochs.compactMap(\.location).filter(\.isValidFix).count == 90)
    }

    @Test("docs/GPSReader.md's loop keeps the valid fixes of every epoch, in order")
    func readmeExample() async throws {
        var recorded: [Location] = []
        func record(_ fix: Location) { recorded.append(fix) }
        let expected = assembleEpochs(Array(try Data(contentsOf: URL(fileURLWithPath: Self.sampleDrive))))
            .compactMap(\.location).filter(\.isValidFix)

        // docs/GPSReader.md's loop, verbatim but for the capture's path.
        for try await epoch in CaptureEpochs(.file(Self.sampleDrive)) {
            if let fix = epoch.location, fix.isValidFix { record(fix) }
        }

        #expect(recorded == expected)
        #expect(recorded.count == 90)
    }

    @Test("a capture far larger than a read is cut into many reads and loses nothing at their seams")
    func acrossChunks() async throws {
        // 1,500 epochs of 4 sentences: about 300 KB, five 64 KiB reads; written off the
        // cooperative pool, which other suites' timing-sensitive tasks share.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("epochs-\(UUID().uuidString).nmea")
        try await offThePool {
            let bodies = (0..<1500).flatMap { second in
                epoch(String(format: "%02d%02d%02d", 10 + second / 3600, second / 60 % 60, second % 60))
            }
            try Data(bodies.map(sentence).joined().utf8).write(to: file)
        }
        defer { try? FileManager.default.removeItem(at: file) }

        var count = 0
        var last: Date?
        for try await epoch in CaptureEpochs(.file(file.path)) {
            count += 1
            if let last, let time = epoch.timestamp { #expect(time.timeIntervalSince(last) == 1) }
            #expect(epoch.location?.isValidFix == true)
            last = epoch.timestamp
        }
        #expect(count == 1500)
    }

    @Test("bytes in memory, paced by lines, give the same epochs")
    func bytesByLine() async throws {
        let text = (epoch("120000") + epoch("120001", status: "V") + epoch("120002")).map(sentence).joined()
        var epochs: [EpochReport] = []
        for try await epoch in CaptureEpochs(.bytes(Array(text.utf8)), pace: .linesPerSecond(10_000)) {
            epochs.append(epoch)
        }
        #expect(epochs.map { $0.location?.isValidFix } == [true, false, true])
    }

    @Test("an unreadable capture throws captureUnreadable with its path")
    func unreadable() async {
        var epochs = CaptureEpochs(.file("/nonexistent/drive.nmea")).makeAsyncIterator()
        await #expect(throws: GPSReaderError.captureUnreadable(path: "/nonexistent/drive.nmea")) {
            _ = try await epochs.next()
        }
    }

    @Test("a cancelled consumer's next() ends the sequence")
    func cancellation() async throws {
        let consumer = Task {
            var count = 0
            for try await _ in CaptureEpochs(.file(Self.sampleDrive), pace: .realTime(speedup: 1)) {
                count += 1
                withUnsafeCurrentTask { $0?.cancel() }
            }
            return count
        }
        #expect(try await consumer.value == 1)
    }
}
