/// The version of the UBX protocol a receiver speaks, as MON-VER's `PROTVER=` extension says
/// it (`18.00` on a NEO-M8N, `27.12` on a ZED-F9P): what decides how it is configured.
public struct UBXProtocolVersion: Hashable, Comparable, Sendable {
    /// The part before the dot.
    public var major: Int
    /// The part after the dot, as a number (`01` is 1).
    public var minor: Int

    /// The version `major.minor`.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// Parses `"23.01"`; `nil` for text that is not two numbers around a dot.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]), major >= 0, minor >= 0 else { return nil }
        self.init(major: major, minor: minor)
    }

    /// The first version that takes configuration keys (CFG-VALSET, CFG-VALGET): 23.01.
    public static let configurationKeys = UBXProtocolVersion(major: 23, minor: 1)

    /// Orders by major, then minor.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    /// How a receiver speaking this version is configured.
    public var generation: UBXGeneration {
        self >= Self.configurationKeys ? .configurationKeys : .legacy
    }
}

extension UBXProtocolVersion: CustomStringConvertible {
    /// `major.minor`, the minor in two digits: `23.01`.
    public var description: String {
        "\(major)." + (minor < 10 ? "0\(minor)" : "\(minor)")
    }
}
