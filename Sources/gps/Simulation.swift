import Foundation
import SerialPort

/// `gps simulate --pty`: a virtual receiver on a pseudo-terminal, playing a capture in a loop.
@MainActor
enum Simulation {
    static func run(file: String?, link: String?, rate: Double) async -> CommandExit.Status {
        let bytes: [UInt8]
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                printError("gps: cannot read the capture \(file)")
                return .failure
            }
            bytes = [UInt8](data)
        } else {
            bytes = BundledCapture.load().bytes
        }
        let receiver: VirtualReceiver
        do {
            receiver = try VirtualReceiver(linkPath: link)
        } catch {
            printError("gps: cannot create the virtual receiver: \(error)")
            return .failure
        }
        exitCleanlyOnInterrupt { receiver.unplug() }
        print(receiver.devicePath + (link.map { " (link: \($0))" } ?? ""))
        printError("gps: simulating a receiver; read it with `gps read \(link ?? receiver.devicePath)`. Ctrl-C to stop.")
        fflush(nil)  // the path must reach a pipe now, not at exit
        let pace = rate == 0 ? VirtualReceiver.Pace.unthrottled : .linesPerSecond(linesPerEpoch(bytes) * rate)
        while true {
            do {
                try await receiver.play(bytes, pace: pace)
            } catch {
                // Ctrl-C unplugs the receiver on its way out: that is not a failure.
                if receiver.isUnplugged { return .success }
                printError("gps: \(error)")
                return .failure
            }
        }
    }

    /// Sentences per second of receiver time: all sentences over the epochs (GGA or RMC lines).
    private static func linesPerEpoch(_ bytes: [UInt8]) -> Double {
        let lines = bytes.split(separator: UInt8(ascii: "\n"))
        let sentences = lines.filter { $0.first == UInt8(ascii: "$") }.count
        let gga = lines.filter { $0.count > 6 && $0.dropFirst(3).starts(with: "GGA".utf8) }.count
        let rmc = lines.filter { $0.count > 6 && $0.dropFirst(3).starts(with: "RMC".utf8) }.count
        return Double(max(sentences, 1)) / Double(max(gga, rmc, 1))
    }
}
