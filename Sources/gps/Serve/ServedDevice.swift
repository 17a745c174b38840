import GPSD
import GPSReader
import TimeService

/// What `gps serve` gives each receiver it serves: the one place that says which sinks a
/// served device's pipeline run feeds. Every device (each DEVICE, each `gpsdctl add`, each
/// receiver discovery finds) and the replayed capture get these.
enum ServedDevice {
    /// The sinks for `device` (`nil`: the device the run opens, found by discovery): its
    /// reports and sentences into the shared `server`, its problems on standard error, and its
    /// time samples into `time` when the device is a time source (`gps serve --chrony`, `--shm`).
    ///
    /// - Returns: The sinks, and the problem lines among them (a replay asks whether it failed).
    static func sinks(
        for device: String?, server: GPSDServer, time: TimeSink? = nil
    ) -> (sinks: [any ReceiverSink], problems: ProblemLines) {
        let problems = ProblemLines(source: device ?? "the receiver's device", waitsForAccess: true)
        let timeSinks: [any ReceiverSink] = time.map { [$0] } ?? []
        return ([GPSDServerSink(server, device: device), problems] + timeSinks + CorrectionFeed.positionSinks + BaseCaster.sinks, problems)
    }
}
