import Foundation
import GPSD
import TestSupport

/// Feeds a server from a real capture in a loop on a thread of its own, an epoch every 20 ms,
/// as a receiver would (faster), until stopped.
package final class CaptureFeeder: Sendable {
    /// Signalled by `stop()`: the thread waits on it between epochs, so it ends at once.
    private let stopping = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    /// The capture used: a 1 Hz SiRF log from gpsd's regression suite, or `nil` without `../shared`.
    package static let capture: [UInt8]? = SharedMaterial.gpsdLogs
        .flatMap { try? Data(contentsOf: $0.appendingPathComponent("bu353s4.log")) }.map { [UInt8]($0) }

    package init(_ server: GPSDServer, capture: [UInt8]) {
        let thread = Thread { [self] in
            feeding: while true {
                let device = server.devices.first?.path
                var stream = ReportStream(device: device)
                var start = 0
                while start < capture.count {
                    let end = capture[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? capture.count
                    var epochEnded = false
                    capture[start..<end].withUnsafeBytes { line in
                        stream.append(line, sentence: { sentence in
                            server.publishSentence(withoutLineEnd: sentence.bytes, from: device)
                        }) { report in
                            switch report {
                            case .tpv(let tpv): server.publish(tpv)
                            case .sky(let sky):
                                server.publish(sky)
                                epochEnded = true
                            }
                        }
                    }
                    let pause: DispatchTime = epochEnded ? .now() + .milliseconds(20) : .now()
                    if stopping.wait(timeout: pause) == .success { break feeding }
                    start = end
                }
            }
            done.signal()
        }
        thread.start()
    }

    /// Stops feeding and waits for the thread to end: at most one line's publishing.
    package func stop() {
        stopping.signal()
        done.wait()
    }
}
