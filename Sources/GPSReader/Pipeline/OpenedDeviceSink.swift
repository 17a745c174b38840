/// A sink made for the device a run opens, once the run says which: for the run of the
/// receiver discovery finds, whose path is known only at `.opened`. When the run opens another
/// device (one unplugged, another found) the sink for the first is finished and a new one made.
///
/// ```swift
/// let time = OpenedDeviceSink { path in try? timeSink(forDevice: path) }
/// var sinks = ReceiverSinks([GPSDServerSink(server, device: nil), time])
/// await DeviceConnection(.automatic).run(into: &sinks)
/// ```
public struct OpenedDeviceSink: ReceiverSink {
    private let make: (String) -> (any ReceiverSink)?
    /// The device opened last, and its sink (`nil` when `make` gave none).
    private var current: (path: String, sink: (any ReceiverSink)?)?

    /// A sink that hands each device's events, from its `.opened` on, to the sink `make`
    /// returns for its path; `nil` from `make` means none for that device.
    public init(_ make: @escaping (String) -> (any ReceiverSink)?) {
        self.make = make
    }

    /// The path of the device whose sink hears the events, once one was opened.
    public var devicePath: String? { current?.path }

    /// Makes the device's sink at its `.opened`, and hands it each event.
    public mutating func receive(_ event: ReceiverEvent) {
        if case .opened(let path, _) = event, current?.path != path {
            current?.sink?.finish()
            current = (path, make(path))
        }
        current?.sink?.receive(event)
    }

    /// Finishes the current device's sink.
    public mutating func finish() {
        current?.sink?.finish()
    }

    /// While the current device's sink wants more.
    public var wantsMoreEvents: Bool { current?.sink?.wantsMoreEvents ?? true }
}
