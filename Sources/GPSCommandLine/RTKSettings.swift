import CommandLineParsing
import NTRIP

/// What `--ntrip` and `--caster` add to a command that holds a receiver: corrections fed to it
/// from a caster, or its own corrections served to others.
public struct RTKSettings: Equatable, Sendable {
    /// The caster and mountpoint whose RTCM 3 the receiver is fed (`--ntrip URL`).
    public var ntrip: NTRIPURL?
    /// Where the receiver's own RTCM 3 is served (`gps serve --caster`).
    public var caster: CasterEndpoint?
    /// How often the receiver's fix goes to the caster as a GGA (`--gga-interval SECONDS`, 10 s
    /// unless given); `nil` (`--gga-interval 0`): never.
    public var ggaInterval: Duration?

    /// Settings.
    public init(ntrip: NTRIPURL? = nil, caster: CasterEndpoint? = nil, ggaInterval: Duration? = .seconds(10)) {
        self.ntrip = ntrip
        self.caster = caster
        self.ggaInterval = ggaInterval
    }
}

/// The options, shared by `read`, `serve`, `record` and `publish`.
enum RTKOptions {
    static let ntrip = Option(
        "--ntrip", "URL", "feed the receiver RTCM 3 corrections from an NTRIP caster: ntrip://[USER:PASS@]HOST[:PORT]/MOUNT",
        kind: .ntripMountpoint)
    static let ggaInterval = Option(
        "--gga-interval", "SECONDS",
        "with --ntrip: send the caster the receiver's fix as a GGA every SECONDS (10 unless given; 0: never)",
        kind: .ggaSeconds)
    static let caster = Option(
        "--caster", "[USER:PASS@][ADDRESS:]PORT/MOUNT",
        "serve the receiver's own RTCM 3 to NTRIP clients (a base station) on PORT, every address unless one is given",
        kind: .casterEndpoint)

    /// `command` with the receiver's corrections `arguments` ask for, if any.
    ///
    /// - Parameter source: What the command reads, when it is not a device: a gpsd, a topic,
    ///   a capture (`--replay`), or several devices; corrections need one receiver to write to.
    ///   - servesCaster: Whether the command declares `--caster` (`serve` alone).
    static func wrap(
        _ command: Command, in arguments: ParsedArguments, notADevice source: String?, servesCaster: Bool = false
    ) throws(UsageProblem) -> Command {
        let seconds = arguments[ggaInterval]  // 0, or 1 to 3,600 (`ggaSeconds`)
        if seconds != nil, arguments[ntrip] == nil { throw .conflict("\(ggaInterval.name) needs \(ntrip.name)") }
        let interval: Duration? = switch seconds {
        case nil: .seconds(10)
        case 0: nil
        case let seconds?: .milliseconds(Int64((seconds * 1000).rounded()))
        }
        let settings = RTKSettings(ntrip: arguments[ntrip], caster: servesCaster ? arguments[caster] : nil, ggaInterval: interval)
        guard settings.ntrip != nil || settings.caster != nil else { return command }
        let given = settings.ntrip != nil ? ntrip.name : caster.name
        if let source { throw .conflict("\(given) needs one receiver, not \(source)") }
        return .withRTK(command, settings)
    }
}

extension ValueKind where Value == NTRIPURL {
    /// A caster and a mountpoint.
    static let ntripMountpoint = ValueKind(expectation: "ntrip://[USER:PASS@]HOST[:PORT]/MOUNT, with a mountpoint") { text in
        NTRIPURL(text).flatMap { $0.hasMountpoint ? $0 : nil }
    }

    /// A caster, its mountpoint ignored: its source table.
    static let ntripCaster = ValueKind(expectation: "ntrip://[USER:PASS@]HOST[:PORT]/") { NTRIPURL($0) }
}

extension ValueKind where Value == Double {
    /// Seconds between GGAs: 0 (never), or from 1 to 3,600.
    static let ggaSeconds = ValueKind(expectation: "seconds from 1 to 3600, or 0 for no GGA") { text in
        Double(text).flatMap { $0 == 0 || (1...3600).contains($0) ? $0 : nil }
    }
}
