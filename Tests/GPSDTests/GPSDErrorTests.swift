import Foundation
import Glibc
import LocationTracking
import SerialPort
import Testing
import TestSupport
@testable import GPSD

/// gpsd's `ERROR` answers reach the client: a watch of a device gpsd does not have is reported,
/// never a silent connection that brings nothing.
@Suite("gpsd's ERROR answers")
struct GPSDErrorTests {
    @Test("ERROR objects are found however the lines are split; sentences and other objects are not errors")
    func scanning() {
        let text = """
            {"class":"VERSION","release":"3.22"}\r
            $GPGGA,100005.00,4808.2448,N,01134.5312,E,1,09,1.0,519.4,M,47.9,M,,*55\r
            {"class":"ERROR","message":"No such device as /dev/ttyNONE"}\r
            $GPRMC,{"class":"ERROR","message":"not at a line start"}\r
            {"class":"ERROR"}\r

            """
        let bytes = Array(text.utf8)
        for size in [1, 7, bytes.count] {
            var scanner = GPSDErrorScanner()
            var messages: [String] = []
            for start in stride(from: 0, to: bytes.count, by: size) {
                bytes[start..<min(start + size, bytes.count)].withUnsafeBytes { scanner.scan($0) { messages.append($0) } }
            }
            #expect(messages == ["No such device as /dev/ttyNONE", "an error without a message"], "chunks of \(size)")
        }
    }

    @Test("a provider watching a device gpsd 3.22 does not have reports gpsd's answer",
          .enabled(if: GpsdOnPty.gpsd != nil, "gpsd is missing (apt-get install gpsd)"))
    func watchOfAMissingDeviceAgainstGpsd() async throws {
        let receiver = try VirtualReceiver()
        let port = freeLoopbackPort()
        let gpsd = try GpsdOnPty.spawnGpsd(reading: receiver.devicePath, port: port)
        defer { gpsd.signal(SIGTERM) }
        let address = GPSDAddress(host: "127.0.0.1", port: port)
        let provider = GPSDLocationProvider(address: address, device: "/dev/ttyNONE", recheckInterval: .milliseconds(100))
        let delegate = RecordingDelegate()
        provider.delegate = delegate
        provider.startUpdatingLocation()
        defer { provider.stopUpdatingLocation() }
        let answer = GPSDError.answered(address, message: "No such device as /dev/ttyNONE").description
        await delegate.waitUntil("gpsd's answer is reported") { $0.errors.contains(answer) }
        #expect(answer == "gpsd at 127.0.0.1:\(port) answered: No such device as /dev/ttyNONE.")
    }

    @Test("the same from gps serve's server: its answer is gpsd's")
    func watchOfAMissingDeviceAgainstTheServer() async throws {
        let server = try GPSDServer(address: GPSDAddress(host: "127.0.0.1", port: 0), device: GPSDDevice(path: "/dev/ttyTEST"))
        defer { Task { await server.stop() } }
        let provider = GPSDLocationProvider(address: server.address, device: "/dev/ttyNONE", recheckInterval: .milliseconds(100))
        let delegate = RecordingDelegate()
        provider.delegate = delegate
        provider.startUpdatingLocation()
        defer { provider.stopUpdatingLocation() }
        let answer = GPSDError.answered(server.address, message: "No such device as /dev/ttyNONE").description
        await delegate.waitUntil("the answer is reported") { $0.errors.contains(answer) }
    }
}
