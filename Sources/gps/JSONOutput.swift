import Foundation
import GPSCommandLine
import GPSD

/// `--json`: gpsd's JSON on standard output, one TPV and one SKY line per epoch, every epoch
/// in order (an epoch without a fix is `"mode":1`).
enum JSONOutput {
    /// `gps replay FILE --json`: at `rate` 0 the whole capture in one pass written in 64 KiB
    /// blocks, else paced, each epoch written as it is due; Ctrl-C exits 0.
    static func replay(file: String, rate: Double) -> CommandExit.Status {
        exitCleanlyOnInterrupt()
        // Mapped rather than read: the kernel then copies nothing.
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped) else {
            printError("gps: cannot read \(file)")
            return .failure
        }
        var hasReports = false
        if rate > 0 {
            var writer = GPSDJSONWriter()
            CapturePlayer(bytes: [UInt8](data), rate: rate, device: file).play { report in
                hasReports = true
                writer.removeAll()
                writer.write(report)
                writer.withBytes { _ = StandardOutput.write($0) }
            }
        } else {
            var isOutputOpen = true
            data.withUnsafeBytes { capture in
                ReportStream.writeJSON(for: capture, device: file) { block in
                    if !block.isEmpty { hasReports = true }
                    if isOutputOpen { isOutputOpen = StandardOutput.write(block) }
                }
            }
        }
        // No report, not even a TPV without a fix: a file with no sentence is not a capture.
        guard !hasReports, !data.withUnsafeBytes(SentenceScan.containsSentence) else { return .success }
        printError(SentenceScan.noSentences(in: file))
        return .failure
    }

    /// `gps read [DEVICE] --json`: the receiver's epochs as they come, until Ctrl-C, which
    /// closes the device and exits 0; a device whose access is refused ends it with status 3,
    /// unless `waitForAccess`.
    static func read(device: String?, baudRate: Int?, waitForAccess: Bool) async -> CommandExit.Status {
        let reader = ReceiverReader(device: device, baudRate: baudRate, waitsForAccess: waitForAccess)
        let reading = Task {
            var stream: ReportStream?
            var writer = GPSDJSONWriter()
            return await reader.run(opened: { path in stream = ReportStream(device: path) }) { chunk in
                writer.removeAll()
                chunk.withUnsafeBytes { bytes in
                    stream?.append(bytes) { writer.write($0) }
                }
                writer.withBytes { _ = StandardOutput.write($0) }
            } quiet: {
                writer.removeAll()
                stream?.endEpoch { writer.write($0) }
                writer.withBytes { _ = StandardOutput.write($0) }
            }
        }
        stopOnInterrupt { reading.cancel() }
        return await reading.value
    }

    /// `gps read gpsd://... --json`: the NMEA gpsd relays, turned into our own reports, until
    /// Ctrl-C; connection failures go to standard error once per outage. The epoch held when
    /// the relayed line goes quiet (500 ms) is written then, as `gps read DEVICE --json` does.
    static func read(_ url: GPSDURL) async -> Never {
        let relay = GPSDRelay(address: GPSDAddress(host: url.host, port: url.port), device: url.device)
        let name = url.device ?? "gpsd://\(url.host):\(url.port)"
        exitCleanlyOnInterrupt()
        // The relay blocks: a thread of its own, off the cooperative pool.
        Thread {
            var stream = ReportStream(device: name)
            var writer = GPSDJSONWriter()
            relay.run(connected: { stream = ReportStream(device: name) }, quiet: {
                writer.removeAll()
                stream.endEpoch { writer.write($0) }
                writer.withBytes { _ = StandardOutput.write($0) }
            }, failure: { printError("gps: \($0)") }) { bytes in
                writer.removeAll()
                stream.append(bytes) { writer.write($0) }
                writer.withBytes { _ = StandardOutput.write($0) }
            }
        }.start()
        while true { try? await Task.sleep(for: .seconds(3600)) }
    }
}
