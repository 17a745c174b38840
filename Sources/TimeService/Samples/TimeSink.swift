import GPSReader

/// The pipeline's time output: a `ReceiverSink` that turns the epochs of a live source into
/// time samples (`TimeSampler`) and hands each to its outputs.
///
/// ```swift
/// var sinks = ReceiverSinks([TimeSink([ChronySocket(path: "/run/chrony.clk.ttyACM0.sock", log: log)])])
/// await DeviceConnection(.path("/dev/ttyACM0")).run(into: &sinks)
/// ```
public final class TimeSink: ReceiverSink {
    private var sampler: TimeSampler
    private let outputs: [any TimeSampleOutput]
    /// How many samples were handed to the outputs.
    public private(set) var samplesSent = 0

    /// A sink handing the samples `sampler` takes to each of `outputs`, in order.
    public init(_ outputs: [any TimeSampleOutput], sampler: TimeSampler = TimeSampler()) {
        self.outputs = outputs
        self.sampler = sampler
    }

    /// Takes a sample from each epoch that gives one; a source that opens again, or goes away,
    /// starts the sampler over.
    public func receive(_ event: ReceiverEvent) {
        switch event {
        case .epoch(let epoch):
            guard let sample = sampler.sample(from: epoch) else { return }
            samplesSent += 1
            for output in outputs { output.send(sample) }
        case .opened, .unplugged, .failed:
            sampler.restart()
        case .access, .bytes, .frames, .quiet, .garbled:
            break
        }
    }
}
