import CommandLineParsing
import POSIXSupport

/// The command line of `gps publish`: a receiver's (or a capture's) fixes to an MQTT broker.
enum PublishCommand {
    static let publish = CommandDefinition<Command>(
        "publish", "publishes each fix to an MQTT topic (OwnTracks JSON or gpsd's TPV) until Ctrl-C",
        discussion: "publishes each fix of a device (default: the receiver discovery finds), a running gpsd "
            + "(gpsd://HOST[:PORT][/DEVICE]) or, with --replay, a capture, to TOPIC on the MQTT 3.1.1 broker "
            + "mqtt://[USER:PASS@]HOST[:PORT]/TOPIC (port 1883, no TLS: see docs/Fleet.md for a bridge), QoS 1, "
            + "as OwnTracks location JSON or with --format gpsd as gpsd's TPV. The last will on TOPIC is "
            + "OwnTracks' lwt. While the broker is away fixes queue (at most --queue N, the oldest dropped and "
            + "counted beyond it; with --spool DIR also on disk, sent after a restart) and go out in order when "
            + "it is back. A replay ends once its fixes are sent",
        operands: [Operands.url, Operands.source],
        options: [Options.replay, Options.rate, Options.baud, Options.format, Options.retain, Options.spool, Options.queue,
                  Options.clientID, Options.trackerID, RTKOptions.ntrip, RTKOptions.ggaInterval]
    ) { arguments throws(UsageProblem) in
        let device = arguments[Operands.source]
        let source: PublishSettings.Source
        if let file = arguments[Options.replay] {
            if let device { throw .conflict("give a DEVICE or --replay FILE, not both (\(device))") }
            if arguments.isGiven(Options.baud) { throw .conflict("--baud cannot be combined with --replay") }
            source = .replay(file: file, rate: arguments[Options.rate])
        } else {
            if arguments.isGiven(Options.rate) { throw .conflict("--rate needs --replay FILE") }
            if device?.string?.hasPrefix(GPSDURL.scheme) == true, arguments.isGiven(Options.baud) {
                throw .conflict("--baud cannot be combined with gpsd://")
            }
            source = .device(device, baudRate: arguments[Options.baud])
        }
        if let id = arguments[Options.trackerID], id.count != 2 { throw .conflict("--tid takes two characters, not \(id)") }
        if let problem = arguments[Operands.url].problem(asFilter: false) { throw .conflict(problem) }
        if let id = arguments[Options.clientID], id.utf8.count > MQTTURL.maximumStringBytes {
            throw .conflict(MQTTURL.tooLong("--client-id", bytes: id.utf8.count))
        }
        let notADevice = arguments.isGiven(Options.replay) ? "--replay" : device?.string.flatMap { $0.hasPrefix(GPSDURL.scheme) ? $0 : nil }
        return try RTKOptions.wrap(
            .publish(PublishSettings(
                url: arguments[Operands.url], source: source, format: arguments[Options.format], retain: arguments[Options.retain],
                spoolDirectory: arguments[Options.spool], queueCapacity: arguments[Options.queue],
                clientID: arguments[Options.clientID], trackerID: arguments[Options.trackerID])),
            in: arguments, notADevice: notADevice)
    }
}

private enum Operands {
    static let url = Operand("URL", "mqtt://[USER:PASS@]HOST[:PORT]/TOPIC: the broker and the topic", kind: .publishURL)
    static let source = Operand(
        optional: "DEVICE", "a serial device or a link to one, such as /dev/ttyACM0, or gpsd://HOST[:PORT][/DEVICE]",
        kind: .deviceOrGPSD)
}

private enum Options {
    static let replay = Option("--replay", "FILE", "publish this capture's fixes, once, instead of a receiver's", kind: .path)
    static let rate = Option("--rate", "X", "with --replay, times real time, 0 = as fast as possible", kind: .nonNegativeNumber, default: 1)
    static let baud = Option("--baud", "N", "the speed in baud, instead of detecting it", kind: .baudRate)
    static let format = Option(
        "--format", "FORMAT", "owntracks (OwnTracks location JSON) or gpsd (gpsd's TPV)", kind: .publishFormat,
        default: .ownTracks)
    static let retain = Flag("--retain", "the broker keeps the newest fix for readers that subscribe later")
    static let spool = Option(
        "--spool", "DIR", "keep the queue in DIR too, so fixes not yet sent survive a restart; DIR must be yours, "
            + "and not writable by others", kind: .path)
    static let queue = Option(
        "--queue", "N", "the most fixes held while the broker is away; the oldest are dropped beyond it",
        kind: .positiveInteger, default: 10_000)
    static let clientID = Option(
        "--client-id", "ID",
        "the MQTT client id (default: gps- and a hash of the whole topic and this machine's /etc/machine-id or host "
            + "name: another for each topic and machine, the same in every run)",
        kind: .string)
    static let trackerID = Option("--tid", "XX", "OwnTracks' two-character tracker id (default: from the topic)", kind: .string)
}

extension ValueKind where Value == PublishSettings.Format {
    /// `owntracks` or `gpsd`.
    static let publishFormat = ValueKind(expectation: "owntracks or gpsd") { PublishSettings.Format(rawValue: $0) }
}
