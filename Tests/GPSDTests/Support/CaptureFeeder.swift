import Foundation
import GPSD
import Locking
import TestSupport

/// Feeds a server from a real capture in a loop on a thread of its own, an epoch every 20 ms,
/// as a receiver would (faster), until stopped.
final class CaptureFeeder: Sendable {
    private let stopped = LockedState(false)
    private let done = DispatchSemaphore(value: 0)

    /// The capture used: a 1 Hz SiRF log from gpsd's regression suite, or `nil` without `../shared`.
    static let capture: [UInt8]? = SharedMaterial.gpsdLogs
        .flatMap { try? Data(contentsOf: $0.appendingPathComponent("bu353s4.log")) }.map { [UInt8]($0) }

    init(_ server: GPSDServer, capture: [UInt8]) {
        let thread = Thread { [self] in
            while !stopped.withLock({ $0 }) {
                var stream = ReportStream(device: server.device.path)
                var start = 0
                while start < capture.count, !stopped.withLock({ $0 }) {
                    let end = capture[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? capture.count
                    var epochEnded = false
                    capture[start..<end].withUnsafeBytes { line in
                        stream.append(line, sentence: { sentence in
                            server.publishSentence(Array((sentence.text + "\r\n").utf8))
                        }) { report in
                            switch report {
                            case .tpv(let tpv): server.publish(tpv)
                            case .sky(let sky):
                                server.publish(sky)
                                epochEnded = true
                            }
                        }
                    }
                    if epochEnded { Thread.sleep(forTimeInterval: 0.02) }
                    start = end
                }
            }
            done.signal()
        }
        thread.start()
    }

    /// Stops feeding and waits for the thread to end.
    func stop() {
        stopped.withLock { $0 = true }
        done.wait()
    }
}
