import GPSCommandLine
import GPSReader
import NTRIP

/// `gps serve DEVICE --caster [USER:PASS@][ADDRESS:]PORT/MOUNT`: the receiver's own RTCM 3 served
/// to NTRIP clients by an `NTRIPCaster`, its clients said as state lines on standard error.
///
/// `gps serve` runs inside `BaseCaster.$current.withValue(caster)`: `ServedDevice` adds
/// `sinks` to the receiver's run, so each frame it sends reaches the caster.
final class BaseCaster: Sendable {
    /// The caster of the command running, if it was given `--caster`.
    @TaskLocal static var current: BaseCaster?

    let caster: NTRIPCaster
    let endpoint: CasterEndpoint

    /// Listens at `endpoint`; `nil`, with the reason said, when it cannot.
    init?(_ endpoint: CasterEndpoint) {
        let name = "\(endpoint.listen)/\(endpoint.mountpoint)"
        do throws(NTRIPCasterError) {
            caster = try NTRIPCaster(
                host: endpoint.listen.host, port: endpoint.listen.port,
                configuration: .init(mountpoint: endpoint.mountpoint, username: endpoint.username, password: endpoint.password)
            ) { event in printError(Self.line(for: event, name: name)) }
        } catch {
            printError("gps: \(error)")
            return nil
        }
        self.endpoint = endpoint
    }

    /// The sinks a run of the receiver adds for the caster of the command running: none without `--caster`.
    static var sinks: [any ReceiverSink] { current.map { [NTRIPCasterSink($0.caster)] } ?? [] }

    /// The state line for `event`.
    static func line(for event: NTRIPCasterEvent, name: String) -> String {
        switch event {
        case .clientJoined(let version, let clients):
            "gps: caster \(name): a client joined (NTRIP \(version == .one ? "1.0" : "2.0")), \(clients) served"
        case .droppedSlowClient:
            "gps: caster \(name): dropped a client that took the corrections slower than they came"
        case .refusedClient:
            "gps: caster \(name): refused a client without the right credentials (401)"
        }
    }
}
