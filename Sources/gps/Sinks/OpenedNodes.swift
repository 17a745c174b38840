import GPSReader

/// A sink that tells `record` the path of each device its run opens, at every `.opened` (the
/// same receiver opened again after an unplug included): how `gps serve` learns which device
/// node the receiver discovery found is, so that udev's removal by node name finds it.
struct OpenedNodes: ReceiverSink {
    private let record: (_ path: String) -> Void

    /// A sink that calls `record` with the path each `.opened` names.
    init(_ record: @escaping (_ path: String) -> Void) {
        self.record = record
    }

    mutating func receive(_ event: ReceiverEvent) {
        if case .opened(let path, _) = event { record(path) }
    }
}
