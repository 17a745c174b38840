import UBX

/// u-blox frames for the claims: a 3D fix and a sky of 20 satellites, one epoch a second.
enum UBXEpochs {
    /// `seconds` epochs as one byte stream: NAV-PVT, NAV-SAT and NAV-EOE each.
    static func frames(seconds: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for second in 0..<seconds {
            let iTOW = UInt32(43_200_000 + 1000 * second)
            bytes += UBXFrame.encode(.navPVT, payload: navPVT(iTOW: iTOW, second: second))
            bytes += UBXFrame.encode(.navSAT, payload: navSAT(iTOW: iTOW, satellites: 20))
            bytes += UBXFrame.encode(.navEOE, payload: withUnsafeBytes(of: iTOW.littleEndian) { Array($0) })
        }
        return bytes
    }

    /// A 92-byte NAV-PVT: valid date and time, a 3D fix with `gnssFixOK`, 12 satellites used.
    static func navPVT(iTOW: UInt32, second: Int) -> [UInt8] {
        var builder = UBXPayloadBuilder()
        builder.u4(iTOW)
        builder.u2(2025)
        for byte in [3, 16, 12, UInt8(second / 60), UInt8(second % 60), 0x07] { builder.u1(byte) }
        builder.u4(50)  // tAcc, ns
        builder.i4(0)  // nano
        builder.u1(3)  // fixType
        builder.u1(0x01)  // flags: gnssFixOK
        builder.u1(0)
        builder.u1(12)  // numSV
        builder.i4(115_166_666)  // lon, 1e-7°
        builder.i4(481_173_000)  // lat, 1e-7°
        builder.i4(592_300)  // height, mm
        builder.i4(545_400)  // hMSL, mm
        builder.u4(1_500)  // hAcc, mm
        builder.u4(2_500)  // vAcc, mm
        builder.i4(1_000)  // velN, mm/s
        builder.i4(2_000)  // velE
        builder.i4(-500)  // velD
        builder.i4(2_236)  // gSpeed
        builder.i4(6_340_000)  // headMot, 1e-5°
        builder.u4(200)  // sAcc, mm/s
        builder.u4(150_000)  // headAcc, 1e-5°
        builder.u2(180)  // pDOP, 0.01
        builder.reserved(14)
        return builder.bytes
    }

    /// NAV-SAT version 1 with `satellites` GPS satellites, each used, 40–59 dBHz.
    static func navSAT(iTOW: UInt32, satellites: Int) -> [UInt8] {
        var builder = UBXPayloadBuilder()
        builder.u4(iTOW)
        for byte in [1, UInt8(satellites), 0, 0] { builder.u1(byte) }
        for svId in 1...satellites {
            // gnssId, svId, cno, elev, azim (2), prRes (2), flags (4): used, healthy.
            for byte in [0, UInt8(svId), UInt8(39 + svId), 45, 90, 0, 0, 0] { builder.u1(byte) }
            builder.u4(0x0000_191F)
        }
        return builder.bytes
    }
}
