import GPSReader

/// A sink of a base receiver's pipeline that hands each RTCM 3 frame it sends to an
/// `NTRIPCaster`, whole and CRC-checked (the pipeline frames them once).
public struct NTRIPCasterSink: ReceiverSink {
    private let caster: NTRIPCaster

    /// A sink for `caster`.
    public init(_ caster: NTRIPCaster) {
        self.caster = caster
    }

    /// Broadcasts the RTCM 3 frames among `.frames`.
    public mutating func receive(_ event: ReceiverEvent) {
        guard case .frames(let frames) = event else { return }
        for frame in frames where frame.kind == .rtcm3 { caster.broadcast(Array(frame.bytes)) }
    }
}
