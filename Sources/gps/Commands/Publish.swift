import FoundationEssentials
import Fleet
import GPSCommandLine
import GPSD
import GPSReader
import Locking
import MQTT
import POSIXSupport
import SerialPort

/// `gps publish`: each fix of a receiver, a gpsd or a capture to an MQTT topic, through a
/// `FleetPublisherSink` on the pipeline. A device or a gpsd is published until Ctrl-C or
/// SIGTERM (status 0; what is still queued gets 2 s, then stays in the spool if there is one);
/// a replay ends once every fix is sent (Ctrl-C stops the wait). A broker that refuses the
/// credentials or the client at the first connection ends the command with status 1 and the
/// remedy; once connected, every outage is waited out.
enum Publish {
    static func run(_ settings: PublishSettings) async -> CommandExit.Status {
        let capture: CaptureArgument?
        if case .replay(let file, _) = settings.source {
            guard let readable = CaptureArgument(file) else { return .failure }
            capture = readable
        } else {
            capture = nil
        }
        let url = settings.url
        let broker = BrokerAddress(host: url.host, port: url.port)
        let topic = FleetTopic(
            url.topic, format: settings.format == .gpsd ? .gpsd : .ownTracks, retain: settings.retain,
            trackerID: settings.trackerID)
        let clientID = settings.clientID ?? topic.defaultClientID()
        let request: @Sendable () -> ConnectRequest = {
            ConnectRequest(
                clientID: clientID, keepAliveSeconds: 30, username: url.username, password: url.password, will: topic.will())
        }
        let lines = PublisherLines(url: "mqtt://\(broker)/\(url.topic)", settings: settings)
        let publisher: StoreAndForwardPublisher
        do throws(MQTTSpoolError) {
            publisher = try StoreAndForwardPublisher(
                .init(
                    broker: broker, request: request, capacity: settings.queueCapacity,
                    spool: settings.spoolDirectory.map { PublisherSpool(directory: $0, topic: topic.topic) }),
                report: { lines.say($0) })
        } catch {
            printError("gps: \(error)")
            return .failure
        }
        publisher.start()
        let status = await runUntilInterrupted {
            let reading = Task(executorPreference: EventLoop.shared) { () -> CommandExit.Status in
                let sink = FleetPublisherSink(topic: topic, publisher: publisher)
                switch settings.source {
                case .replay(_, let rate):
                    guard let capture else { return .failure }
                    let pace: ReplayPace = rate == 0 ? .asFastAsPossible : .realTime(speedup: rate)
                    let problems = ProblemLines(source: capture.name, waitsForAccess: true)
                    var sinks = ReceiverSinks([sink, problems])
                    await CaptureReplay(capture.capture, pace: pace).run(into: &sinks)
                    if problems.hasFailed { return .failure }
                    let waiting = publisher.statistics.waiting
                    if waiting > 0 {
                        printError("gps: the capture's fixes are queued; waiting to send \(waiting) of them"
                            + (settings.spoolDirectory.map { " (Ctrl-C leaves them in \($0))" } ?? " (Ctrl-C drops them)"))
                    }
                    await publisher.finish(within: .seconds(365 * 86_400))
                    return .success
                case .device(let device, let baudRate):
                    let source = Self.source(device: device, baudRate: baudRate)
                    let problems = ProblemLines(source: source.name, waitsForAccess: false)
                    var sinks = ReceiverSinks([sink, problems] + CorrectionFeed.positionSinks)
                    await source.run(into: &sinks)
                    if problems.refusedAccess != nil { return .accessBlocked }
                    return problems.hasFailedForGood ? .failure : .success
                }
            }
            lines.onRefusal { reading.cancel() }
            return await withTaskCancellationHandler { await reading.value } onCancel: { reading.cancel() }
        }
        let statistics = await publisher.finish(within: .seconds(2))
        printError("gps: " + PublisherLines.summary(statistics, spool: settings.spoolDirectory))
        return lines.hasRefused ? .failure : status
    }

    private static func source(device: FilePath?, baudRate: Int?) -> any ReceiverSource {
        if let url = device?.string.flatMap(GPSDURL.init) {
            return GPSDSource(address: GPSDAddress(host: url.host, port: url.port), device: url.device)
        }
        return DeviceConnection(
            device.map { .path($0) } ?? .automatic, baudRate: baudRate.map(SerialPort.BaudRate.init(rawValue:)),
            link: CorrectionFeed.current?.link)
    }
}
