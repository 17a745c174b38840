import CommandLineParsing
import NTRIP

/// What `--ntrip` and `--caster` add to a command that holds a receiver: corrections fed to it
/// from a caster, or its own corrections served to others.
public struct RTKSettings: Equatable, Sendable {
    /// The caster and mountpoint whose RTCM 3 the receiver is fed (`--ntrip URL`).
    public var ntrip: NTRIPURL?
    /// Where the receiver's own RTCM 3 is served (`gps serve --caster`).
    public var caster: CasterEndpoint?

    /// Settings.
    public init(ntrip: NTRIPURL? = nil, caster: CasterEndpoint? = nil) {
        self.ntrip = ntrip
        self.caster = caster
    }
}

/// The options, shared by `read`, `serve`, `record` and `publish`.
enum RTKOptions {
    static let ntrip = Option(
        "--ntrip", "URL", "feed the receiver RTCM 3 corrections from an NTRIP caster: ntrip://[USER:PASS@]HOST[:PORT]/MOUNT",
        kind: .ntripMountpoint)
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
        let settings = RTKSettings(ntrip: arguments[ntrip], caster: servesCaster ? arguments[caster] : nil)
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
