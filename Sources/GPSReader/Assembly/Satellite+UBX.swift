import GNSS
import LocationTracking
import UBX

extension Satellite {
    /// A satellite of NAV-SAT: its place, C/N0, residual, quality, health and use, as gpsd
    /// master lists it.
    init(_ satellite: NAVSAT.Satellite) {
        let number = satellite.satellite
        self.init(
            constellation: number.constellation, id: number.nmeaID, elevation: satellite.elevation.map(Double.init),
            azimuth: satellite.azimuth.map(Double.init), signalStrength: Double(satellite.carrierToNoise), isUsed: satellite.isUsed,
            pseudorangeResidual: satellite.pseudorangeResidual, signalQuality: Int(satellite.quality.rawValue),
            isHealthy: satellite.isHealthy)
    }

    /// A channel of NAV-SVINFO, the older generation's sky, healthy unless flagged unhealthy;
    /// `nil` for a satellite number u-blox's single numbering does not place.
    init?(_ channel: NAVSVINFO.Channel) {
        guard let number = channel.satellite else { return nil }
        self.init(
            constellation: number.constellation, id: number.nmeaID, elevation: channel.elevation.map(Double.init),
            azimuth: channel.azimuth.map(Double.init), signalStrength: Double(channel.carrierToNoise), isUsed: channel.isUsed,
            pseudorangeResidual: channel.pseudorangeResidual, signalQuality: Int(channel.quality.rawValue),
            isHealthy: !channel.isUnhealthy)
    }

    /// A signal of NAV-SIG: used where its quality is code-locked or better (4–7), as gpsd
    /// master counts it; its place comes from NAV-SAT.
    init(_ signal: NAVSIG.Signal) {
        let number = signal.satellite
        self.init(
            constellation: number.constellation, id: number.nmeaID, signalStrength: Double(signal.carrierToNoise),
            isUsed: signal.quality.rawValue >= 4, ubloxSignalID: signal.signalID, frequencyID: signal.frequencyID,
            pseudorangeResidual: signal.pseudorangeResidual, signalQuality: Int(signal.quality.rawValue), isHealthy: signal.isHealthy)
    }
}
