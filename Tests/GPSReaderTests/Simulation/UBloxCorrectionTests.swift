import NMEA
import SerialPort
import Testing
import TestSupport
import UBX

/// The simulated ZED-F9P answers RTCM 3 corrections as a real one does: while they keep coming,
/// NAV-PVT sets `diffSoln`, then `carrSoln` float and fixed with smaller accuracies, and GGA's
/// quality goes 2, 5, 4; after the age limit without one, it falls back. The responder's clock
/// is the test's, so each step is a clock step, not a wait.
@Suite("Simulated u-blox corrections")
struct UBloxCorrectionTests {
    /// What one epoch said: NAV-PVT's flags and accuracy, and GGA's quality.
    struct Epoch: Equatable {
        var differential: Bool
        var carrier: NAVPVT.CarrierSolution?
        var horizontalAccuracy: Double
    }

    @Test("NAV-PVT: diffSoln at the first frame, carrSoln float after 1 s of them and fixed after 3 s, centimetres; none after the age limit")
    func navPVTAnswersCorrections() async throws {
        // The responder's clock only: the simulator's epochs keep real time.
        let clock = ManualClock()
        let responder = CorrectionResponder(clock: clock)
        let simulated = try SimulatedUBlox(.configurationKeys, corrections: responder)
        let port = try SerialPort(path: simulated.path)
        // NAV-PVT every epoch, ten epochs a second.
        try port.write(CFGMSG(.navPVT, rates: [0, 1, 0, 0, 0, 0]).frame + CFGRATE(measurementPeriodMilliseconds: 100).frame)
        let reader = EpochReader(port: port)

        #expect(await reader.next { !$0.differential && $0.carrier == UBX.NAVPVT.CarrierSolution.none } != nil, "no corrections yet")
        try port.write(BinaryFrames.rtcm3(BinaryFrames.rtcm3Payload(1077, length: 40)))
        await eventually("the frame is counted") { responder.validFrames == 1 }
        #expect(await reader.next { $0.differential && $0.carrier == UBX.NAVPVT.CarrierSolution.none && $0.horizontalAccuracy < 1 } != nil)
        clock.advance(by: .seconds(1))
        #expect(await reader.next { $0.carrier == .float && $0.horizontalAccuracy <= 0.1 } != nil, "RTK float")
        clock.advance(by: .seconds(2))
        #expect(await reader.next { $0.carrier == .fixed && $0.horizontalAccuracy <= 0.01 } != nil, "RTK fixed")
        #expect(await reader.ggaQuality(4), "GGA quality 4")
        clock.advance(by: .seconds(6))
        #expect(await reader.next { !$0.differential && $0.carrier == UBX.NAVPVT.CarrierSolution.none && $0.horizontalAccuracy > 1 } != nil,
                "fallen back after 5 s without a frame")
        await simulated.stop()
    }

    /// Reads the simulated receiver's epochs on a thread of its own, each wait bounded (10 s).
    struct EpochReader: Sendable {
        let port: SerialPort

        /// The first NAV-PVT from now on that `matches`; `nil` if none within 10 s.
        func next(_ matches: @escaping @Sendable (Epoch) -> Bool) async -> Epoch? {
            let port = port
            return await onOwnThread {
                var framer = NMEAFramer()
                var found: Epoch?
                _ = Self.read(port) { bytes in
                    framer.append(bytes, sentences: { _ in }) { frame in
                        guard found == nil, frame.frameProtocol == .ubx, let message = UBXMessage(frame: frame.bytes),
                              message.id == .navPVT, let pvt = try? NAVPVT(message) else { return }
                        let epoch = Epoch(differential: pvt.differentialSolution, carrier: pvt.carrierSolution, horizontalAccuracy: pvt.horizontalAccuracy)
                        if matches(epoch) { found = epoch }
                    }
                    return found != nil
                }
                return found
            }
        }

        /// Whether a GGA of `quality` comes within 10 s.
        func ggaQuality(_ quality: Int) async -> Bool {
            let port = port
            return await onOwnThread {
                var text = ""
                return Self.read(port) { bytes in
                    text += String(decoding: bytes, as: UTF8.self)
                    return text.split(separator: "\r\n").contains { line in
                        let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                        return fields.count > 6 && fields[0].hasSuffix("GGA") && fields[6] == "\(quality)"
                    }
                }
            }
        }

        /// Reads `port` until `take` says it has what it wants (true), or 10 s passed (false).
        private static func read(_ port: SerialPort, _ take: (UnsafeRawBufferPointer) -> Bool) -> Bool {
            let deadline = ContinuousClock.now + .seconds(10)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while ContinuousClock.now < deadline {
                guard let count = try? buffer.withUnsafeMutableBytes({ try port.read(into: $0, timeout: .milliseconds(100)) }) else { return false }
                if buffer.withUnsafeBytes({ take(UnsafeRawBufferPointer(rebasing: $0[..<count])) }) { return true }
            }
            return false
        }
    }
}
