import GNSS

extension NAVSAT {
    /// One satellite of a NAV-SAT: who it is, how strong, where in the sky, and what the
    /// receiver does with it. A plain value, decoded from its 12-byte block.
    public struct Satellite: Hashable, Sendable {
        /// The satellite's system (`gnssId`).
        public var constellation: Constellation
        /// The satellite's number within its system (`svId`): GPS 1–32, SBAS 120–158, Galileo
        /// 1–36, BeiDou 1–63, QZSS 1–10, GLONASS 1–32 (255 for one not yet identified).
        public var svId: Int
        /// Carrier-to-noise density ratio, dBHz (`cno`): 0 when not tracked.
        public var carrierToNoise: Int
        /// Elevation, degrees (−90…90); `nil` for a value outside that range, as gpsd reads it.
        public var elevation: Int?
        /// Azimuth, degrees (0…359; 360 is read as 0, as gpsd does); `nil` for a value outside
        /// 0…360.
        public var azimuth: Int?
        /// Pseudorange residual, metres (from 0.1 m).
        public var pseudorangeResidual: Double
        /// The block's `flags` bitfield as sent; the properties below name its parts.
        public var flags: UInt32

        /// The satellite of the 12-byte block at `offset`.
        ///
        /// One bounds check for the block's seven fields: NAV-SAT's `init` checked `numSvs`
        /// blocks against the payload, and this one traps rather than read past it.
        @inlinable
        init(_ message: UBXMessage, at offset: Int) {
            precondition(offset >= 0 && offset + 12 <= message.count, "NAV-SAT block past the payload")
            let block = message.payload.baseAddress.unsafelyUnwrapped + offset
            constellation = Constellation(rawValue: block.load(as: UInt8.self))
            svId = Int(block.load(fromByteOffset: 1, as: UInt8.self))
            carrierToNoise = Int(block.load(fromByteOffset: 2, as: UInt8.self))
            let elevation = Int(block.load(fromByteOffset: 3, as: Int8.self))
            self.elevation = (-90...90).contains(elevation) ? elevation : nil
            let azimuth = Int(Int16(littleEndian: block.loadUnaligned(fromByteOffset: 4, as: Int16.self)))
            self.azimuth = (0...360).contains(azimuth) ? azimuth % 360 : nil
            pseudorangeResidual = Double(Int16(littleEndian: block.loadUnaligned(fromByteOffset: 6, as: Int16.self))) / 10
            flags = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
        }

        /// The satellite in the numberings NMEA and gpsd use.
        @inlinable public var satellite: SatelliteNumber { SatelliteNumber(constellation: constellation, ubloxSVID: svId) }
        /// How far the receiver has got with the signal (`qualityInd`).
        @inlinable public var quality: UBXSignalQuality { UBXSignalQuality(rawValue: UInt8(flags & 0x07)) }
        /// Whether the satellite is used in the navigation solution (`svUsed`).
        @inlinable public var isUsed: Bool { flags & 0x08 != 0 }
        /// Whether the satellite is healthy (`health` 1) or not (2); `nil` when unknown (0, 3).
        @inlinable public var isHealthy: Bool? {
            switch flags >> 4 & 0x03 {
            case 1: true
            case 2: false
            default: nil
            }
        }
        /// Whether differential correction data is available for it (`diffCorr`).
        @inlinable public var hasDifferentialCorrection: Bool { flags & 0x40 != 0 }
        /// Whether carrier-smoothed pseudorange is used (`smoothed`).
        @inlinable public var isSmoothed: Bool { flags & 0x80 != 0 }
        /// Where the orbit used comes from (`orbitSource`).
        @inlinable public var orbitSource: UBXOrbitSource { UBXOrbitSource(rawValue: UInt8(flags >> 8 & 0x07)) }
        /// Whether an ephemeris is available (`ephAvail`).
        @inlinable public var hasEphemeris: Bool { flags & 0x800 != 0 }
        /// Whether an almanac is available (`almAvail`).
        @inlinable public var hasAlmanac: Bool { flags & 0x1000 != 0 }
        /// Whether AssistNow Offline data is available (`anoAvail`).
        @inlinable public var hasAssistNowOffline: Bool { flags & 0x2000 != 0 }
        /// Whether AssistNow Autonomous data is available (`aopAvail`).
        @inlinable public var hasAssistNowAutonomous: Bool { flags & 0x4000 != 0 }
        /// Whether SBAS corrections were used (`sbasCorrUsed`).
        @inlinable public var sbasCorrectionUsed: Bool { flags & 0x1_0000 != 0 }
        /// Whether RTCM corrections were used (`rtcmCorrUsed`).
        @inlinable public var rtcmCorrectionUsed: Bool { flags & 0x2_0000 != 0 }
        /// Whether QZSS SLAS corrections were used (`slasCorrUsed`).
        @inlinable public var slasCorrectionUsed: Bool { flags & 0x4_0000 != 0 }
        /// Whether SPARTN corrections were used (`spartnCorrUsed`).
        @inlinable public var spartnCorrectionUsed: Bool { flags & 0x8_0000 != 0 }
        /// Whether pseudorange corrections were used (`prCorrUsed`).
        @inlinable public var pseudorangeCorrectionUsed: Bool { flags & 0x10_0000 != 0 }
        /// Whether carrier-range corrections were used (`crCorrUsed`).
        @inlinable public var carrierRangeCorrectionUsed: Bool { flags & 0x20_0000 != 0 }
        /// Whether range-rate (Doppler) corrections were used (`doCorrUsed`).
        @inlinable public var rangeRateCorrectionUsed: Bool { flags & 0x40_0000 != 0 }
        /// Whether QZSS CLAS corrections were used (`clasCorrUsed`).
        @inlinable public var clasCorrectionUsed: Bool { flags & 0x80_0000 != 0 }
    }
}
