/// Which corrections the receiver applied to its fix: none, code-differential (SBAS or a DGPS
/// station), or carrier-phase RTK with float or fixed ambiguities.
///
/// Receivers say it in several ways, which all map here: NMEA GGA's quality (2, 5, 4), the mode
/// letter of RMC, GNS or VTG (`D`, `F`, `R`), u-blox NAV-PVT's `diffSoln` and `carrSoln`.
public enum CorrectionState: Int, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// No corrections: a stand-alone fix, metres.
    case none = 0
    /// Code-differential corrections (SBAS, DGPS): about a metre.
    case dgps = 1
    /// RTK with float ambiguities: decimetres.
    case rtkFloat = 2
    /// RTK with fixed (integer) ambiguities: centimetres.
    case rtkFixed = 3

    /// Orders the states by the accuracy they promise.
    public static func < (lhs: CorrectionState, rhs: CorrectionState) -> Bool { lhs.rawValue < rhs.rawValue }

    /// How a panel shows it: "none", "DGPS", "RTK float", "RTK fixed".
    public var description: String {
        switch self {
        case .none: "none"
        case .dgps: "DGPS"
        case .rtkFloat: "RTK float"
        case .rtkFixed: "RTK fixed"
        }
    }
}
