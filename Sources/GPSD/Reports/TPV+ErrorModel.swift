import FoundationEssentials
import GPSReader

/// gpsd's error model for receivers that give only dilutions of precision (`gpsd_error_model`
/// in gpsd 3.22's `libgpsd_core.c`): each error is a dilution times a user-equivalent range
/// error (UERE), a quarter as large with DGPS, at 95 % confidence; the speed and climb errors
/// add this fix's errors to the previous fix's over the time between them.
extension TPV {
    /// gpsd's user-equivalent range errors, metres (95 %): horizontal for `epx` and `epy`,
    /// vertical for `epv`, and the position one, which gpsd uses for `eph` and `sep` alike.
    private static let horizontalUERE = 15.0, verticalUERE = 23.0, positionUERE = 19.0

    /// The range error of `uere` for this fix's status: a quarter with DGPS (status 2).
    @inline(__always)
    private func rangeError(_ uere: Double) -> Double {
        status == 2 ? uere / 4 : uere
    }

    /// Sets `eph` (HDOP), `sep` (PDOP) and, for a 3D fix, `epv` (VDOP) of a fix.
    mutating func setErrors(dilutions: (hdop: Double?, vdop: Double?, pdop: Double?)) {
        guard mode >= 2 else { return }
        eph = dilutions.hdop.map { $0 * rangeError(Self.positionUERE) }
        sep = dilutions.pdop.map { $0 * rangeError(Self.positionUERE) }
        epv = mode == 3 ? dilutions.vdop.map { $0 * rangeError(Self.verticalUERE) } : nil
    }

    /// Sets `epx` and `epy` of a fix (mode 2 or 3) from the geometry of the satellites used,
    /// as gpsd does for NMEA receivers, which give no east or north error; and `eph`, `sep`
    /// and, for a 3D fix, `epv` from the geometry's HDOP, PDOP and VDOP where the receiver
    /// sent none (no GSA, no HDOP in GGA or GNS): gpsd's `fill_dop` fills in only the
    /// dilutions the receiver did not send, and its error model reads them all alike.
    mutating func setHorizontalErrors(from geometry: SatelliteGeometry?) {
        guard mode >= 2, let geometry else { return }
        epx = geometry.xdop * rangeError(Self.horizontalUERE)
        epy = geometry.ydop * rangeError(Self.horizontalUERE)
        eph = eph ?? geometry.hdop * rangeError(Self.positionUERE)
        sep = sep ?? geometry.pdop.map { $0 * rangeError(Self.positionUERE) }
        if mode == 3 { epv = epv ?? geometry.vdop.map { $0 * rangeError(Self.verticalUERE) } }
    }

    /// Sets `epx` and `epy` of a fix from the east and north dilutions the receiver gave (u-blox
    /// NAV-DOP) rather than from the sky's geometry.
    mutating func setHorizontalErrors(eastDOP: Double?, northDOP: Double?) {
        guard mode >= 2 else { return }
        epx = eastDOP.map { $0 * rangeError(Self.horizontalUERE) } ?? epx
        epy = northDOP.map { $0 * rangeError(Self.horizontalUERE) } ?? epy
    }

    /// Sets `epx`, `epy` and, for a 3D fix, `epv` to the errors the receiver expects (GBS),
    /// which gpsd prefers to its model's.
    mutating func setErrors(expected errors: ExpectedErrors) {
        guard mode >= 2 else { return }
        epx = errors.longitude ?? epx
        epy = errors.latitude ?? epy
        if mode == 3 { epv = errors.altitude ?? epv }
    }

    /// gpsd's factor from a 50 % error (CEP) to its own 95 %: the ratio of their sigmas,
    /// `CEP95_SIGMA / CEP50_SIGMA` in `gpsd.h`.
    private static let fiftyToNinetyFivePercent = 2.45 / 1.18

    /// Sets `epx` and `epy` (each the horizontal error over √2), `epv` and `sep` to the errors
    /// the receiver estimates (Garmin's PGRME, read as 50 % and scaled to 95 %), which gpsd
    /// (`processPGRME`) takes over its model's.
    mutating func setErrors(estimated errors: EstimatedPositionErrors) {
        guard mode >= 2 else { return }
        let scale = Self.fiftyToNinetyFivePercent
        if let horizontal = errors.horizontal {
            epx = horizontal / 2.0.squareRoot() * scale
            epy = epx
        }
        epv = errors.vertical.map { $0 * scale } ?? epv
        sep = errors.spherical.map { $0 * scale } ?? sep
    }

    /// Sets `eps` and `epc` from this fix's errors and `previous`'s, when both are fixes with
    /// times and this one is later, as gpsd derives them from consecutive fixes.
    mutating func setRateErrors(after previous: TPV?) {
        guard mode >= 2, let previous, previous.mode >= 2, let time, let previousTime = previous.time else { return }
        let seconds = time.timeIntervalSince(previousTime)
        guard seconds > 0 else { return }
        if let epx, let epy, let previousX = previous.epx, let previousY = previous.epy {
            eps = (max(previousX, previousY) + max(epx, epy)) / seconds
        }
        if let epv, let previousV = previous.epv {
            epc = (previousV + epv) / seconds
        }
    }
}
