import Fleet
import GPSCommandLine
import GPSReader
import MQTT

/// `gps read mqtt://…`: a topic's fixes through the same paths as a device's: the tracking
/// flow (lines, the panel, state lines) or, with `--json`, gpsd's JSON.
@MainActor
enum FollowTopic {
    static func read(_ url: MQTTURL, json: Bool, filters: FixFilters) async -> CommandExit.Status {
        let credentials = url.username.map { (username: $0, password: url.password ?? "") }
        let source = MQTTTopicSource(broker: BrokerAddress(host: url.host, port: url.port), filter: url.topic, credentials: credentials)
        if json { return await JSONOutput.read(source, waitForAccess: true) }
        return await Tracking.read(
            NMEALocationProvider(receiver: source), source: source.name, devicePath: source.name, shouldBlock: false,
            filters: filters)
    }
}
