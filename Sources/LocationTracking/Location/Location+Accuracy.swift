extension Location {
    /// The user equivalent range error (UERE) this module assumes for a quality, in metres at
    /// about 68 % confidence; `nil` where HDOP says nothing about the error.
    ///
    /// The autonomous and differential figures are gpsd's (15 m and 3.75 m at 95 %) halved to
    /// about one sigma; the RTK figures are typical receiver specifications (2 cm fixed, 50 cm
    /// float). Dead reckoning, manual and simulated positions have no satellite geometry behind
    /// them, and an unnamed quality is unknown, so they get `nil`.
    ///
    /// - Parameter quality: The GGA quality indicator.
    /// - Returns: Metres of range error per unit of HDOP, or `nil`.
    public static func userEquivalentRangeError(for quality: FixQuality) -> Double? {
        switch quality {
        case .gps, .pps: 7.5
        case .dgps: 1.875
        case .rtkFixed: 0.02
        case .rtkFloat: 0.5
        default: nil
        }
    }

    /// Estimates the horizontal uncertainty of a fix as HDOP × UERE, in metres.
    ///
    /// A rough figure, as every HDOP-based one is: it ignores multipath and the actual
    /// atmosphere. Prefer a receiver's own error estimate (GST) when there is one.
    ///
    /// - Parameters:
    ///   - hdop: Horizontal dilution of precision; must be finite and positive.
    ///   - quality: The GGA quality indicator (see `userEquivalentRangeError(for:)`).
    /// - Returns: Metres, or `nil` when either input is missing, the HDOP is not a positive
    ///   finite number, or the quality has no UERE.
    public static func estimatedHorizontalAccuracy(hdop: Double?, quality: FixQuality?) -> Double? {
        guard let hdop, hdop.isFinite, hdop > 0,
              let quality, let uere = userEquivalentRangeError(for: quality)
        else { return nil }
        return hdop * uere
    }
}
