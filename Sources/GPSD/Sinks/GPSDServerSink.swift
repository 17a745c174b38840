import GPSReader
import NMEA

/// A `GPSDServer` as an output of the pipeline: each valid sentence goes to the clients that
/// watch NMEA, as it came, and each epoch's TPV and SKY to those that watch JSON.
public final class GPSDServerSink: ReceiverSink {
    private let server: GPSDServer
    private var reports: GPSDReports
    /// Frames the bytes for relaying only: the epochs come decoded in the events.
    private var framer = NMEAFramer()

    /// A sink publishing to `server`; reports name the server's device.
    public init(_ server: GPSDServer) {
        self.server = server
        reports = GPSDReports(device: server.device.path)
    }

    /// Publishes sentences and reports.
    public func receive(_ event: ReceiverEvent) {
        switch event {
        case .opened:
            // Opened again (after an unplug, each pass of a replay): nothing carries over.
            framer = NMEAFramer()
            reports = GPSDReports(device: server.device.path)
        case .bytes(let chunk):
            framer.append(chunk) { result in
                guard case .success(let sentence) = result else { return }
                server.publishSentence(Array((sentence.text + "\r\n").utf8))
            }
        case .epoch(let epoch):
            reports.add(epoch) { report in
                switch report {
                case .tpv(let tpv): server.publish(tpv)
                case .sky(let sky): server.publish(sky)
                }
            }
        default:
            break
        }
    }
}
