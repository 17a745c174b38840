extension RMC {
    /// The RMC status field.
    ///
    /// Values the standard does not define round-trip as they were sent.
    public struct Status: RawRepresentable, Hashable, Sendable {
        /// The letter as sent.
        public var rawValue: UInt8
        /// Creates a status from the letter sent.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `A`: data valid.
        public static let active = Status(rawValue: UInt8(ascii: "A"))
        /// `V`: navigation receiver warning; the position must not be used,
        /// even when one is present.
        public static let void = Status(rawValue: UInt8(ascii: "V"))
    }

    /// The NMEA 2.3 mode indicator (also sent by GLL, VTG, GNS).
    ///
    /// Values the standard does not define round-trip as they were sent.
    public struct Mode: RawRepresentable, Hashable, Sendable {
        /// The letter as sent.
        public var rawValue: UInt8
        /// Creates a mode from the letter sent.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `A`: autonomous.
        public static let autonomous = Mode(rawValue: UInt8(ascii: "A"))
        /// `D`: differential.
        public static let differential = Mode(rawValue: UInt8(ascii: "D"))
        /// `E`: estimated (dead reckoning).
        public static let estimated = Mode(rawValue: UInt8(ascii: "E"))
        /// `F`: RTK float.
        public static let rtkFloat = Mode(rawValue: UInt8(ascii: "F"))
        /// `M`: manual input.
        public static let manual = Mode(rawValue: UInt8(ascii: "M"))
        /// `N`: data not valid.
        public static let notValid = Mode(rawValue: UInt8(ascii: "N"))
        /// `P`: precise.
        public static let precise = Mode(rawValue: UInt8(ascii: "P"))
        /// `R`: RTK fixed.
        public static let rtkFixed = Mode(rawValue: UInt8(ascii: "R"))
        /// `S`: simulator.
        public static let simulated = Mode(rawValue: UInt8(ascii: "S"))
    }

    /// The NMEA 4.1 navigational status.
    ///
    /// Values the standard does not define round-trip as they were sent.
    public struct NavigationalStatus: RawRepresentable, Hashable, Sendable {
        /// The letter as sent.
        public var rawValue: UInt8
        /// Creates a navigational status from the letter sent.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `S`: safe.
        public static let safe = NavigationalStatus(rawValue: UInt8(ascii: "S"))
        /// `C`: caution.
        public static let caution = NavigationalStatus(rawValue: UInt8(ascii: "C"))
        /// `U`: unsafe.
        public static let unsafe = NavigationalStatus(rawValue: UInt8(ascii: "U"))
        /// `V`: not valid, equipment does not provide status.
        public static let notValid = NavigationalStatus(rawValue: UInt8(ascii: "V"))
    }
}
