import GPSReader

/// What gpsd master writes in the TPV of a high-rate solution (u-blox HNR-PVT, 10 Hz or more
/// between 1 Hz navigation solutions): it merges the message into the fix it holds, so the
/// values HNR-PVT does not give stay as the last report had them.
extension TPV {
    /// Carries into this high-rate report what HNR-PVT does not give, from `previous`, the
    /// last report (of the navigation solution or of the high-rate one before): the
    /// Earth-centred position and velocity with their accuracies, the error ellipse, `sep`,
    /// the magnetic track (gpsd computes it once, where the fix it holds has none), and the
    /// climb where the previous report had one (else the one derived from the heights stays);
    /// and `epx`, `epy` from `dilutions`, the last navigation solution's (NAV-DOP), with this
    /// report's range error (gpsd's model reads the dilutions it holds for every report).
    mutating func carryForHighRate(from previous: TPV?, dilutions: NavigationSolution.Dilutions?) {
        guard mode >= 2 else { return }
        if let dilutions { setHorizontalErrors(eastDOP: dilutions.edop, northDOP: dilutions.ndop) }
        guard let previous, previous.mode >= 2 else { return }
        ecefPosition = previous.ecefPosition
        ecefPositionAccuracy = previous.ecefPositionAccuracy
        ecefVelocity = previous.ecefVelocity
        ecefVelocityAccuracy = previous.ecefVelocityAccuracy
        errorEllipse = previous.errorEllipse
        sep = previous.sep ?? sep
        magneticTrack = previous.magneticTrack ?? magneticTrack
        climb = previous.climb ?? climb
    }
}
