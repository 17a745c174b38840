import GNSS

extension NAVSIG {
    /// One signal of a NAV-SIG: which satellite and signal, how strong, and what the receiver
    /// does with it. A plain value, decoded from its 16-byte block.
    public struct Signal: Hashable, Sendable {
        /// The satellite's system (`gnssId`).
        public var constellation: Constellation
        /// The satellite's number within its system (`svId`), numbered as NAV-SAT's.
        public var svId: Int
        /// The signal within the system (`sigId`): for GPS 0 L1C/A, 3 L2 CL, 4 L2 CM, 6 L5 I,
        /// 7 L5 Q; Galileo 0 E1 C, 1 E1 B, 3 E5 aI, 4 E5 aQ, 5 E5 bI, 6 E5 bQ; BeiDou 0 B1I D1,
        /// 1 B1I D2, 2 B2I D1, 3 B2I D2, 5 B1C, 7 B2a; GLONASS 0 L1 OF, 2 L2 OF; and so on in
        /// u-blox's interface description.
        public var signalID: Int
        /// GLONASS's frequency slot + 7 (0–13, `freqId`); meaningless for other systems.
        public var frequencyID: Int
        /// Pseudorange residual, metres (from 0.1 m).
        public var pseudorangeResidual: Double
        /// Carrier-to-noise density ratio, dBHz (`cno`): 0 when not tracked.
        public var carrierToNoise: Int
        /// How far the receiver has got with the signal (`qualityInd`).
        public var quality: UBXSignalQuality
        /// The source of the corrections applied (`corrSource`): 0 none, 1 SBAS, 2 BeiDou SBAS,
        /// 3 RTCM 2, 4 RTCM 3 OSR, 5 RTCM 3 SSR, 6 QZSS SLAS, 7 SPARTN, 8 CLAS.
        public var correctionSource: Int
        /// The ionosphere model used (`ionoModel`): 0 none, 1 GPS's Klobuchar, 2 SBAS,
        /// 3 BeiDou's Klobuchar, 8 dual-frequency (measured).
        public var ionosphereModel: Int
        /// The block's `sigFlags` bitfield as sent; the properties below name its parts.
        public var flags: UInt16

        /// The signal of the 16-byte block at `offset`.
        ///
        /// One bounds check for the block's ten fields: NAV-SIG's `init` checked `numSigs`
        /// blocks against the payload, and this one traps rather than read past it.
        @inlinable
        init(_ message: UBXMessage, at offset: Int) {
            precondition(offset >= 0 && offset + 16 <= message.count, "NAV-SIG block past the payload")
            let block = message.payload.baseAddress.unsafelyUnwrapped + offset
            constellation = Constellation(rawValue: block.load(as: UInt8.self))
            svId = Int(block.load(fromByteOffset: 1, as: UInt8.self))
            signalID = Int(block.load(fromByteOffset: 2, as: UInt8.self))
            frequencyID = Int(block.load(fromByteOffset: 3, as: UInt8.self))
            pseudorangeResidual = Double(Int16(littleEndian: block.loadUnaligned(fromByteOffset: 4, as: Int16.self))) / 10
            carrierToNoise = Int(block.load(fromByteOffset: 6, as: UInt8.self))
            quality = UBXSignalQuality(rawValue: block.load(fromByteOffset: 7, as: UInt8.self))
            correctionSource = Int(block.load(fromByteOffset: 8, as: UInt8.self))
            ionosphereModel = Int(block.load(fromByteOffset: 9, as: UInt8.self))
            flags = UInt16(littleEndian: block.loadUnaligned(fromByteOffset: 10, as: UInt16.self))
        }

        /// The satellite in the numberings NMEA and gpsd use.
        @inlinable public var satellite: SatelliteNumber { SatelliteNumber(constellation: constellation, ubloxSVID: svId) }
        /// Whether the signal is healthy (`health` 1) or not (2); `nil` when unknown (0, 3).
        @inlinable public var isHealthy: Bool? {
            switch flags & 0x03 {
            case 1: true
            case 2: false
            default: nil
            }
        }
        /// Whether the pseudorange is carrier-smoothed (`prSmoothed`).
        @inlinable public var isPseudorangeSmoothed: Bool { flags & 0x04 != 0 }
        /// Whether the pseudorange is used in the solution (`prUsed`): the signal's "used".
        @inlinable public var isPseudorangeUsed: Bool { flags & 0x08 != 0 }
        /// Whether the carrier range is used in the solution (`crUsed`).
        @inlinable public var isCarrierRangeUsed: Bool { flags & 0x10 != 0 }
        /// Whether the range rate (Doppler) is used in the solution (`doUsed`).
        @inlinable public var isRangeRateUsed: Bool { flags & 0x20 != 0 }
        /// Whether pseudorange corrections were used (`prCorrUsed`).
        @inlinable public var pseudorangeCorrectionUsed: Bool { flags & 0x40 != 0 }
        /// Whether carrier-range corrections were used (`crCorrUsed`).
        @inlinable public var carrierRangeCorrectionUsed: Bool { flags & 0x80 != 0 }
        /// Whether range-rate (Doppler) corrections were used (`doCorrUsed`).
        @inlinable public var rangeRateCorrectionUsed: Bool { flags & 0x100 != 0 }
    }
}
