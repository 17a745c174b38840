import GPSReader
import LocationTracking
import NMEA
import Testing
import TestSupport

/// `FixAssembler.endEpoch(_:)`, what a reader calls when the line goes quiet after a burst: the
/// epoch in progress is complete, reported once, and nothing after the quiet mixes into it.
@Suite("Fix assembler at a quiet line")
struct FixAssemblerQuietLineTests {
    /// A framer and an assembler fed sentence bodies, with the fixes reported so far.
    private struct Receiver: ~Copyable {
        var framer = NMEAFramer()
        var assembler = FixAssembler()
        var fixes: [Location] = []

        mutating func send(_ bodies: [String]) {
            framer.append(Array(bodies.map(sentence).joined().utf8)) { result in
                guard case .success(let sentence) = result else { return }
                assembler.consume(sentence) { if let fix = $0.location { fixes.append(fix) } }
            }
        }

        mutating func fallQuiet() {
            assembler.endEpoch { if let fix = $0.location { fixes.append(fix) } }
        }

        mutating func finish() {
            assembler.finish { if let fix = $0.location { fixes.append(fix) } }
        }

        var seconds: [Int?] {
            fixes.map { $0.timestamp.map { Int($0.timeIntervalSince1970) % 60 } }
        }
    }

    private static func gga(_ hhmmss: String) -> String {
        "GPGGA,\(hhmmss).00,4807.0380,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,"
    }

    private static func rmc(_ hhmmss: String, knots: String = "022.4") -> String {
        "GPRMC,\(hhmmss).00,A,4807.0380,N,01131.0000,E,\(knots),084.4,150325,003.1,W,A"
    }

    private static let gsa = "GPGSA,A,3,04,05,09,12,24,25,29,31,,,,,1.8,0.9,1.5"

    @Test("the first epoch, whose end is not known yet, is reported whole when the line falls quiet, once")
    func firstEpoch() throws {
        var receiver = Receiver()
        receiver.send(epoch("000001"))
        #expect(receiver.fixes.isEmpty, "the end of the first epoch is not known yet")
        receiver.fallQuiet()
        receiver.fallQuiet()
        #expect(receiver.seconds == [1], "reported at the first quiet, and only then")
        let fix = try #require(receiver.fixes.first)
        #expect(fix.mode == .threeDimensional && fix.speed != nil && fix.hdop == 0.9, "GGA, GSA, RMC and VTG merged")
    }

    @Test("a late sentence of an epoch reported at a quiet line is neither reported again nor mixed into the next")
    func lateSentence() {
        var receiver = Receiver()
        receiver.send([Self.gga("000001")])
        receiver.fallQuiet()
        receiver.send([Self.rmc("000001", knots: "050.0"), Self.gga("000002")])
        receiver.finish()

        #expect(receiver.seconds == [nil, nil], "two epochs, both undated: the late RMC's date went nowhere")
        #expect(receiver.fixes.map(\.speed) == [nil, nil], "nor its speed")
        #expect(receiver.assembler.statistics.epochs == 2)
    }

    @Test("the cycle is learned across a quiet line: the next epoch is reported at its ender, without one")
    func cycleLearnedAcrossQuiet() {
        var receiver = Receiver()
        receiver.send(epoch("000001"))
        receiver.fallQuiet()
        receiver.send(epoch("000002"))
        #expect(receiver.seconds == [1, 2], "VTG, the last sentence before epoch 2, ends it")
        receiver.fallQuiet()
        #expect(receiver.seconds == [1, 2], "a quiet after a complete epoch reports nothing")
    }

    @Test("a receiver that ends its epochs with a GSA has each reported at the quiet after it")
    func gsaEndedEpochs() {
        var receiver = Receiver()
        for second in 1...3 {
            let time = "00000\(second)"
            receiver.send([Self.gga(time), Self.rmc(time), Self.gsa])
            #expect(receiver.seconds.count == second - 1, "a GSA never ends an epoch")
            receiver.fallQuiet()
            #expect(receiver.seconds.last == second)
        }
        #expect(receiver.fixes.allSatisfy { $0.mode == .threeDimensional }, "each with its own GSA")
    }

    @Test("sentences without a time left at a quiet line join the next epoch, as after a cycle ender")
    func untimedSentencesWait() throws {
        var receiver = Receiver()
        receiver.send([Self.gga("000001"), Self.rmc("000001")])
        receiver.fallQuiet()
        receiver.send([Self.gga("000002"), Self.rmc("000002")])
        #expect(receiver.seconds == [1, 2], "RMC learned as the ender across the quiet")
        receiver.send([Self.gsa])
        receiver.fallQuiet()
        #expect(receiver.seconds == [1, 2], "a GSA alone is no epoch")
        receiver.send([Self.gga("000003"), Self.rmc("000003")])
        #expect(receiver.seconds == [1, 2, 3])
        #expect(receiver.fixes.map(\.mode) == [nil, nil, .threeDimensional], "the GSA dimensions epoch 3")
    }
}
