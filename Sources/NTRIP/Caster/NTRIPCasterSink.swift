import GPSReader

/// A sink of a base receiver's pipeline that hands each RTCM 3 frame it sends to an
/// `NTRIPCaster`, whole and CRC-checked (the pipeline frames them once), and each epoch's fix,
/// the source table's position until a 1005 or 1006 gives the antenna's.
public struct NTRIPCasterSink: ReceiverSink {
    private let caster: NTRIPCaster

    /// A sink for `caster`.
    public init(_ caster: NTRIPCaster) {
        self.caster = caster
    }

    /// Broadcasts the RTCM 3 frames among `.frames`; passes on an `.epoch`'s fix.
    public mutating func receive(_ event: ReceiverEvent) {
        switch event {
        case .frames(let frames):
            for frame in frames where frame.kind == .rtcm3 { caster.broadcast(Array(frame.bytes)) }
        case .epoch(let report):
            if let location = report.location { caster.receiverFix(location) }
        default:
            break
        }
    }
}
