extension PUBX00 {
    /// u-blox's navigation status in PUBX,00: two letters, kept as sent so that an unknown one
    /// round-trips.
    public struct NavigationStatus: RawRepresentable, Hashable, Sendable {
        /// The two letters, the first in the high byte.
        public var rawValue: UInt16

        /// Creates a status from its packed letters.
        public init(rawValue: UInt16) { self.rawValue = rawValue }

        /// No fix.
        public static var noFix: NavigationStatus { NavigationStatus(rawValue: 0x4E46) }  // NF
        /// Dead reckoning only.
        public static var deadReckoning: NavigationStatus { NavigationStatus(rawValue: 0x4452) }  // DR
        /// Stand-alone 2D fix.
        public static var twoDimensional: NavigationStatus { NavigationStatus(rawValue: 0x4732) }  // G2
        /// Stand-alone 3D fix.
        public static var threeDimensional: NavigationStatus { NavigationStatus(rawValue: 0x4733) }  // G3
        /// Differential 2D fix.
        public static var differentialTwoDimensional: NavigationStatus { NavigationStatus(rawValue: 0x4432) }  // D2
        /// Differential 3D fix.
        public static var differentialThreeDimensional: NavigationStatus { NavigationStatus(rawValue: 0x4433) }  // D3
        /// GNSS and dead reckoning combined.
        public static var combined: NavigationStatus { NavigationStatus(rawValue: 0x524B) }  // RK
        /// Time only.
        public static var timeOnly: NavigationStatus { NavigationStatus(rawValue: 0x5454) }  // TT
    }
}

extension FieldCursor {
    /// A field of exactly two characters, as PUBX,00's navigation status; `nil` when empty or
    /// malformed (recorded).
    @inline(__always)
    mutating func lenientNavigationStatus() -> PUBX00.NavigationStatus? {
        lenient { (cursor: inout FieldCursor) throws(NMEAError) -> PUBX00.NavigationStatus? in
            guard let start = cursor.fieldStart() else { return nil }
            if Self.isEmpty(start, before: cursor.end) { cursor.separator = start; return nil }
            guard start + 1 < cursor.end else { throw .invalidField("navigationStatus") }
            try cursor.close(at: start + 2, "navigationStatus")
            return PUBX00.NavigationStatus(rawValue: UInt16(start[0]) << 8 | UInt16(start[1]))
        }
    }
}
