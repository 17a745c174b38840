import Foundation
import GPSReader
import Testing
import TestSupport
@testable import GPSD

/// gpsd's outputs as sinks of the pipeline: the JSON writer and the server.
@Suite("gpsd sinks")
struct SinkTests {
    private static let drivePath = SharedMaterial.packageRoot.appendingPathComponent("Samples/captures/drive.nmea").path
    private static let drive = [UInt8](try! Data(contentsOf: URL(fileURLWithPath: drivePath)))

    /// The JSON of `events` through a fresh sink, and whether it wanted more at the end.
    private func json(of events: [ReceiverEvent], flushing: GPSDJSONSink.Flushing = .everyEpoch, device: String?? = nil) -> String {
        var written: [UInt8] = []
        let sink = GPSDJSONSink(device: device, flushing: flushing) { bytes in
            written += bytes
            return true
        }
        for event in events { sink.receive(event) }
        sink.finish()
        return String(decoding: written, as: UTF8.self)
    }

    private func events(of capture: [UInt8]) -> [ReceiverEvent] {
        var events: [ReceiverEvent] = [.opened(path: "/dev/ttyACM0", baudRate: nil)]
        let stream = EpochStream()
        stream.append(capture) { events.append(.epoch($0)) }
        stream.finish { events.append(.epoch($0)) }
        return events
    }

    @Test("a TPV and a SKY per epoch, naming the device opened; in blocks or per epoch, the same JSON")
    func jsonPerEpoch() {
        let events = events(of: Self.drive)
        let perEpoch = json(of: events)
        #expect(perEpoch == json(of: events, flushing: .inBlocks(of: 4096)))
        let lines = perEpoch.split(separator: "\r\n")
        let epochs = events.count - 1
        #expect(lines.count == 2 * epochs)
        #expect(lines.allSatisfy { $0.contains(#""device":"/dev/ttyACM0""#) })
        #expect(lines.first?.hasPrefix(#"{"class":"TPV""#) == true)
    }

    @Test("opened again (after an unplug), nothing carries over: the first TPV after has no climb, as the first ever")
    func freshAfterReopen() {
        let events = events(of: Self.drive)
        let once = json(of: events)
        let twice = json(of: events + events)
        #expect(twice == once + once)
    }

    @Test("an output that closes ends the run: the sink wants no more events")
    func closedOutput() {
        let sink = GPSDJSONSink { _ in false }
        #expect(sink.wantsMoreEvents)
        for event in events(of: Self.drive).prefix(3) { sink.receive(event) }
        #expect(!sink.wantsMoreEvents)
    }

    @Test("the server sink relays each valid sentence to NMEA watchers and each epoch's TPV to JSON watchers")
    func serverSink() async throws {
        let server = try GPSDServer(address: GPSDAddress(host: "127.0.0.1", port: 0), device: GPSDDevice(path: "/dev/ttyACM0"))
        defer { Task { await server.stop() } }
        let json = try TestClient(port: server.address.port)
        let nmea = try TestClient(port: server.address.port)
        #expect(await json.line()?.contains(#""class":"VERSION""#) == true)
        #expect(await nmea.line()?.contains(#""class":"VERSION""#) == true)
        json.send(#"?WATCH={"enable":true,"json":true};"#)
        nmea.send(#"?WATCH={"enable":true,"nmea":true};"#)
        #expect(await json.lines(until: { $0.contains(#""class":"WATCH""#) }) != nil)
        #expect(await nmea.lines(until: { $0.contains(#""class":"WATCH""#) }) != nil)
        let sink = GPSDServerSink(server)
        sink.receive(.opened(path: "/dev/ttyACM0", baudRate: nil))
        let stream = EpochStream()
        let capture = Array(Self.drive.prefix(4000))
        // As a source says them: the bytes, the frames they complete, then the epochs.
        stream.say(capture) { sink.receive($0) }
        #expect(await json.lines(until: { $0.contains(#""class":"TPV""#) })?.last?.contains(#""device":"/dev/ttyACM0""#) == true)
        let text = String(decoding: capture, as: UTF8.self)
        let firstSentence = text.split(whereSeparator: \.isNewline).first { $0.hasPrefix("$") }.map(String.init)
        #expect(await nmea.lines(until: { $0.hasPrefix("$") })?.last == firstSentence)
    }
}
