/// Where time samples go: chrony's SOCK refclock (`ChronySocket`), the NTP shared-memory
/// refclock (`SharedMemoryRefclock`), or your own. One owner uses it at a time, on the task that
/// runs the pipeline.
public protocol TimeSampleOutput: AnyObject {
    /// Hands `sample` on. Return quickly, never block: a time service that is not there loses
    /// the sample, and the output says so once per outage.
    func send(_ sample: TimeSample)
}
