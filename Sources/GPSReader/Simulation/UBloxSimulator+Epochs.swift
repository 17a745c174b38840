import NMEA
import SerialPort
import UBX

extension UBloxSimulator {
    /// Sends one epoch as one burst: GGA and RMC (and the extra GSVs) when UART1 sends NMEA,
    /// NAV-PVT and NAV-SAT at their rates when it sends UBX, each as the corrections make it. Epochs are 1 s apart in the
    /// sentences' time of day whatever the rate, counted from 12:00:00.
    func sendEpoch() {
        let settings = state.withLock { state in
            state.epochs += 1
            return state
        }
        let epoch = settings.epochs
        var burst: [UInt8] = []
        if settings.outputProtocols.contains(.nmea) {
            let time = Self.timeOfDay(epoch: epoch, periodMilliseconds: settings.measurementPeriodMilliseconds)
            let bodies = ["GNGGA,\(time),4807.0380,N,01134.5312,E,1,09,1.0,519.4,M,47.0,M,,",
                          "GNRMC,\(time),A,4807.0380,N,01134.5312,E,0.0,0.0,010625,,,A"]
                + (0..<behaviour.extraSentences).map { index in
                    "GPGSV,\(behaviour.extraSentences),\(index + 1),12,01,40,083,46,02,17,308,41,12,07,344,39,14,22,228,45"
                }
            burst += corrections.answer(bodies.flatMap { Array(NMEASentence.encode(body: $0).utf8) })
        }
        if settings.outputProtocols.contains(.ubx) {
            if let rate = settings.messageRates[.navPVT], rate > 0, epoch % rate == 0 {
                burst += UBXFrame.encode(.navPVT, payload: navPVTPayload(epoch: epoch))
            }
            if let rate = settings.messageRates[.navSAT], rate > 0, epoch % rate == 0 {
                // iTOW, version 1, no satellites.
                var builder = UBXPayloadBuilder()
                builder.u4(Self.iTOW(epoch: epoch, periodMilliseconds: settings.measurementPeriodMilliseconds))
                builder.u1(1)
                builder.reserved(3)
                burst += UBXFrame.encode(.navSAT, payload: builder.bytes)
            }
        }
        if !burst.isEmpty { send(burst) }
    }

    /// A 92-byte NAV-PVT: a 3D fix at the sentences' position, its flags (`diffSoln`,
    /// `carrSoln`) and accuracies those of the corrections' solution now.
    func navPVTPayload(epoch: Int) -> [UInt8] {
        let period = state.withLock { $0.measurementPeriodMilliseconds }
        let solution = corrections.solution
        // flags: gnssFixOK, diffSoln with any corrections, carrSoln in bits 6–7.
        let (flags, horizontal, vertical): (UInt8, UInt32, UInt32) = switch solution {
        case .none: (0x01, 2_500, 4_000)
        case .differential: (0x03, 300, 600)
        case .rtkFloat: (0x43, 100, 200)
        case .rtkFixed: (0x83, 10, 20)
        }
        var builder = UBXPayloadBuilder()
        builder.u4(Self.iTOW(epoch: epoch, periodMilliseconds: period))
        builder.u2(2025)
        for byte: UInt8 in [6, 1, 12, 0, 0, 0x07] { builder.u1(byte) }
        builder.u4(50)
        builder.i4(0)
        builder.u1(3)
        builder.u1(flags)
        builder.u1(0)
        builder.u1(9)
        builder.i4(115_755_200)
        builder.i4(481_173_000)
        builder.i4(566_400)
        builder.i4(519_400)
        builder.u4(horizontal)
        builder.u4(vertical)
        builder.reserved(20)
        builder.u4(500)
        builder.u4(2_000_000)
        builder.u2(150)
        builder.reserved(14)
        return builder.bytes
    }

    /// GPS time of week at `epoch`, milliseconds, from 12:00:00 on a Sunday.
    static func iTOW(epoch: Int, periodMilliseconds: Int) -> UInt32 {
        UInt32(43_200_000 + epoch * periodMilliseconds)
    }

    /// `hhmmss.ss` at `epoch`, from 12:00:00.
    static func timeOfDay(epoch: Int, periodMilliseconds: Int) -> String {
        let centiseconds = 12 * 360_000 + epoch * periodMilliseconds / 10
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let seconds = centiseconds / 100
        return two(seconds / 3600 % 24) + two(seconds / 60 % 60) + two(seconds % 60) + "." + two(centiseconds % 100)
    }
}
