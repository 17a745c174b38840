import GNSS

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
        case .differential: 1.875
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
        estimate(dilution: hdop, rangeError: quality.flatMap(userEquivalentRangeError(for:)))
    }

    /// The vertical user equivalent range error this module assumes for a quality, in metres at
    /// about 68 % confidence; `nil` where VDOP says nothing about the error.
    ///
    /// gpsd's vertical figures (23 m autonomous, 5.75 m differential, at 95 %) halved; RTK gets
    /// 1.5 times its horizontal figure, the ratio gpsd's figures have.
    ///
    /// - Parameter quality: The GGA quality indicator.
    /// - Returns: Metres of range error per unit of VDOP, or `nil`.
    public static func verticalUserEquivalentRangeError(for quality: FixQuality) -> Double? {
        switch quality {
        case .gps, .pps: 11.5
        case .differential: 2.875
        case .rtkFixed: 0.03
        case .rtkFloat: 0.75
        default: nil
        }
    }

    /// Estimates the vertical uncertainty of a fix as VDOP × vertical UERE, in metres.
    ///
    /// - Parameters:
    ///   - vdop: Vertical dilution of precision; must be finite and positive.
    ///   - quality: The GGA quality indicator (see `verticalUserEquivalentRangeError(for:)`).
    /// - Returns: Metres, or `nil` when either input is missing, the VDOP is not a positive
    ///   finite number, or the quality has no UERE.
    public static func estimatedVerticalAccuracy(vdop: Double?, quality: FixQuality?) -> Double? {
        estimate(dilution: vdop, rangeError: quality.flatMap(verticalUserEquivalentRangeError(for:)))
    }

    /// Dilution × range error, when the dilution is a positive finite number and the error known.
    private static func estimate(dilution: Double?, rangeError: Double?) -> Double? {
        guard let dilution, dilution.isFinite, dilution > 0, let rangeError else { return nil }
        return dilution * rangeError
    }
}
