import SerialPort
import Testing
import TestSupport

/// The simulated receiver's answer to corrections: valid frames counted, bad ones rejected, the
/// solution stepping up while they come and falling back after the age limit, on a clock the
/// test drives.
@Suite("Simulated receiver answering corrections")
struct CorrectionResponderTests {
    static let rmc = sentence("GNRMC,100005.00,A,4808.24478,N,01134.53120,E,0.0,0.0,010625,,,A")
    static let epoch = Array((sentence("GNGGA,100005.00,4808.24478,N,01134.53120,E,1,09,1.0,519.4,M,47.0,M,,") + rmc).utf8)

    /// A 1005 from station 2003, as an RTCM 3 frame.
    static let stationFrame = BinaryFrames.rtcm3([0x3E, 0xD7, 0xD3] + [UInt8](repeating: 0, count: 16))

    @Test("corrections that keep coming step the GGA from a plain fix to DGPS, RTK float and RTK fixed, with age, station and a GST")
    func stepsUp() throws {
        let clock = ManualClock()
        let responder = CorrectionResponder(floatAfter: .seconds(1), fixedAfter: .seconds(3), ageLimit: .seconds(5), clock: clock)
        #expect(responder.solution == .none)
        #expect(responder.answer(Self.epoch) == Self.epoch, "no corrections: the epoch as played")
        responder.consume(Self.stationFrame)
        #expect(responder.solution == .differential)
        clock.advance(by: .seconds(1))
        responder.consume(BinaryFrames.rtcm3(BinaryFrames.rtcm3Payload(1077, length: 40)))
        #expect(responder.solution == .rtkFloat)
        // Split anywhere, between other bytes: still frames.
        let more = (0..<3).flatMap { _ -> [UInt8] in [0x55, 0x01] + BinaryFrames.rtcm3(BinaryFrames.rtcm3Payload(1087, length: 30)) }
        for second in 0..<2 {
            clock.advance(by: .seconds(1))
            for byte in more[(second * more.count / 2)..<((second + 1) * more.count / 2)] { responder.consume([byte]) }
        }
        #expect(responder.solution == .rtkFixed)
        #expect(responder.validFrames == 5 && responder.rejectedFrames == 0)
        clock.advance(by: .milliseconds(1500))
        let answered = String(decoding: responder.answer(Self.epoch), as: UTF8.self)
        #expect(answered.hasPrefix("$GNGGA,100005.00,4808.24478,N,01134.53120,E,4,09,1.0,519.4,M,47.0,M,1.5,2003*"))
        #expect(answered.contains("$GNGST,100005.00,,,,,0.01,0.01,0.02*"))
        #expect(answered.hasSuffix(Self.rmc), "other lines unchanged")
    }

    @Test("a frame with a bad CRC is rejected and counted, and steps nothing")
    func badCRC() {
        let responder = CorrectionResponder()
        var frame = BinaryFrames.rtcm3(BinaryFrames.rtcm3Payload(1077, length: 40))
        frame[frame.count - 1] ^= 0xFF
        responder.consume(frame)
        #expect(responder.rejectedFrames == 1 && responder.validFrames == 0)
        #expect(responder.solution == .none)
    }

    @Test("corrections that stop: the solution falls back after the age limit, and starts over when they resume")
    func fallsBack() {
        let clock = ManualClock()
        let responder = CorrectionResponder(floatAfter: .seconds(1), fixedAfter: .seconds(2), ageLimit: .seconds(5), clock: clock)
        for _ in 0..<3 {
            responder.consume(Self.stationFrame)
            clock.advance(by: .seconds(1))
        }
        #expect(responder.solution == .rtkFixed)
        clock.advance(by: .seconds(4))
        #expect(responder.solution == .rtkFixed, "at the limit, still")
        clock.advance(by: .milliseconds(1))
        #expect(responder.solution == .none)
        #expect(responder.answer(Self.epoch) == Self.epoch)
        responder.consume(Self.stationFrame)
        #expect(responder.solution == .differential, "a new streak")
    }

    @Test("the virtual receiver hands what the program wrote to its responder")
    func throughThePseudoTerminal() throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        let responder = CorrectionResponder()
        let frame = BinaryFrames.rtcm3(BinaryFrames.rtcm3Payload(1230, length: 6))
        try port.write(frame, timeout: .seconds(5))
        var taken: [UInt8] = []
        while taken.count < frame.count {
            let bytes = try receiver.takeWrites(into: responder, timeout: .seconds(5))
            if bytes.isEmpty { break }
            taken += bytes
        }
        #expect(taken == frame)
        #expect(responder.validFrames == 1)
    }
}
