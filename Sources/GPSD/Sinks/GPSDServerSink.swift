import GPSReader

/// A `GPSDServer` as an output of one receiver's pipeline: each valid sentence goes to the
/// clients that watch NMEA, as it came, and each epoch's TPV and SKY to those that watch JSON,
/// named by the receiver's device. The source opening activates the device in the server
/// (its `DEVICE` notice goes to watching clients); an unplug or a failure deactivates it.
/// Several sinks, one per receiver, feed one server.
public final class GPSDServerSink: ReceiverSink {
    private let server: GPSDServer
    /// The device reports name: the one given, or the path each `.opened` names.
    private var device: String?
    private var reports: GPSDReports

    /// A sink publishing `device`'s reports to `server`; `nil` names the device by the path
    /// the source opens (the one discovery found).
    public init(_ server: GPSDServer, device: String?) {
        self.server = server
        self.device = device
        reports = GPSDReports(device: device)
        if let device { server.add(GPSDDevice(path: device)) }
    }

    /// A sink for the server's first device (`/dev/gps` when it serves none).
    public convenience init(_ server: GPSDServer) {
        self.init(server, device: server.devices.first?.path ?? "/dev/gps")
    }

    /// Publishes sentences and reports; a run whose task is cancelled (its device removed, the
    /// server stopping) publishes nothing more, so a removed device is not activated again.
    public func receive(_ event: ReceiverEvent) {
        guard !Task.isCancelled else { return }
        switch event {
        case .opened(let path, let baudRate):
            // Opened again (after an unplug, each pass of a replay): nothing carries over.
            if device == nil { device = path }
            reports = GPSDReports(device: device)
            server.activate(device ?? path, bitsPerSecond: baudRate)
        case .frames(let frames):
            for frame in frames where frame.kind == .nmea { server.publishSentence(withoutLineEnd: frame.bytes, from: device) }
        case .epoch(let epoch):
            reports.add(epoch) { report in
                switch report {
                case .tpv(let tpv): server.publish(tpv)
                case .sky(let sky): server.publish(sky)
                }
            }
        case .unplugged, .failed:
            if let device { server.deactivate(device) }
        default:
            break
        }
    }
}
