import Foundation
import LocationTracking
import NMEA
import Testing
import GPSDTestSupport
import TestSupport
@testable import GPSD

/// `GPSDLocationProvider` against `GPSDServer` (in process) and against the real gpsd reading
/// a pty (`GpsdOnPty`), both on 127.0.0.1.
@Suite("Reading from gpsd")
struct LocationProviderTests {
    @Test("refused is an error retried every recheckInterval; once gpsd answers, access is granted and fixes flow; gpsd going away is an error and a reconnect",
          .enabled(if: CaptureFeeder.capture != nil, "../shared is missing"))
    func refusedThenServedThenGoneThenBack() async throws {
        let port = freeLoopbackPort()
        let address = GPSDAddress(host: "127.0.0.1", port: port)
        let provider = GPSDLocationProvider(address: address, recheckInterval: .milliseconds(50))
        let delegate = RecordingDelegate()
        provider.delegate = delegate
        #expect(provider.authorizationStatus == .notDetermined)
        provider.startUpdatingLocation()
        defer { provider.stopUpdatingLocation() }
        await delegate.waitUntil("the refusal is reported") { !$0.errors.isEmpty }
        // Several attempts, one report: the time (six recheck intervals) is what is under test.
        try await Task.sleep(for: .milliseconds(300))
        #expect(delegate.errors == [GPSDError.connectionRefused(address).description])
        #expect(provider.authorizationStatus == .notDetermined)

        var server = try GPSDServer(address: address, device: GPSDDevice(path: "/dev/ttyTEST"))
        var feeder = CaptureFeeder(server, capture: CaptureFeeder.capture!)
        await delegate.waitUntil("fixes arrive") { $0.locations.count >= 3 }
        #expect(delegate.statuses == [.authorizedWhenInUse])
        #expect(delegate.locations.allSatisfy { abs($0.coordinate.latitude + 37.7848) < 0.001 })

        feeder.stop()
        await server.stop()
        await delegate.waitUntil("the disconnection is reported") { $0.errors.contains(GPSDError.disconnected(address).description) }
        let before = delegate.locations.count
        server = try GPSDServer(address: address, device: GPSDDevice(path: "/dev/ttyTEST"))
        feeder = CaptureFeeder(server, capture: CaptureFeeder.capture!)
        defer {
            feeder.stop()
            Task { [server] in await server.stop() }
        }
        await delegate.waitUntil("fixes arrive again") { $0.locations.count >= before + 3 }
        #expect(delegate.statuses == [.authorizedWhenInUse])
    }

    @Test("when the receiver behind gpsd falls silent, its last epoch reaches the delegate at once, not at its next burst")
    func lastEpochAtQuietLine() async throws {
        let server = try GPSDServer(address: GPSDAddress(host: "127.0.0.1", port: 0), device: GPSDDevice(path: "/dev/ttyTEST"))
        defer { Task { await server.stop() } }
        let provider = GPSDLocationProvider(address: server.address, recheckInterval: .milliseconds(50))
        let delegate = RecordingDelegate()
        provider.delegate = delegate
        provider.startUpdatingLocation()
        defer { provider.stopUpdatingLocation() }
        // GGA and RMC each second, as a receiver whose cycle is not learned yet, until the
        // provider watches and has reported an epoch (at most 30 seconds); then silence.
        var second = 0
        repeat {
            let time = String(format: "1200%02d.00", second)
            for body in ["GPGGA,\(time),4807.0380,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,",
                         "GPRMC,\(time),A,4807.0380,N,01131.0000,E,022.4,084.4,150325,003.1,W,A"] {
                server.publishSentence(Array(NMEASentence.encode(body: body).utf8))
            }
            second += 1
        } while await !delegate.holds(within: .seconds(1), { !$0.locations.isEmpty }) && second < 30
        let last = try #require(Calendar(identifier: .gregorian).date(from: DateComponents(
            timeZone: TimeZone(identifier: "UTC"), year: 2025, month: 3, day: 15, hour: 12, minute: 0, second: second - 1)))
        await delegate.waitUntil("the last epoch, without a next one, reaches the delegate") {
            $0.locations.contains { $0.timestamp == last }
        }
    }

    @Test("requestWhenInUseAuthorization() reports .authorizedWhenInUse once gpsd answers")
    func authorization() async throws {
        let server = try GPSDServer(address: GPSDAddress(host: "127.0.0.1", port: 0), device: GPSDDevice(path: "x"))
        defer { Task { await server.stop() } }
        let provider = GPSDLocationProvider(address: server.address, recheckInterval: .milliseconds(50))
        let delegate = RecordingDelegate()
        provider.delegate = delegate
        provider.requestWhenInUseAuthorization()
        await delegate.waitUntil("access is granted") { $0.statuses == [.authorizedWhenInUse] }
        #expect(provider.authorizationStatus == .authorizedWhenInUse)
    }

    @Test("against gpsd 3.22: the receiver's fixes, and a reconnect after gpsd is restarted",
          .enabled(if: GpsdOnPty.gpsd != nil && CaptureFeeder.capture != nil, "gpsd or ../shared is missing"))
    func againstGpsd() async throws {
        let gpsd = try GpsdOnPty(capture: CaptureFeeder.capture!)
        let address = GPSDAddress(host: "127.0.0.1", port: gpsd.port)
        let provider = GPSDLocationProvider(address: address, recheckInterval: .milliseconds(100))
        let delegate = RecordingDelegate()
        provider.delegate = delegate
        provider.startUpdatingLocation()
        defer { provider.stopUpdatingLocation() }
        await delegate.waitUntil("gpsd's fixes arrive") { $0.locations.count >= 5 }
        #expect(delegate.statuses == [.authorizedWhenInUse])
        #expect(delegate.locations.allSatisfy { abs($0.coordinate.latitude + 37.7848) < 0.001 }, "\(delegate.locations)")
        // gpsd writes the capture's first TPVs without a time, from the GGA before the RMC that
        // gives it the date: a client that connects early gets those fixes with no timestamp.
        #expect(delegate.locations.contains { $0.timestamp != nil }, "\(delegate.locations)")

        await gpsd.stop()
        await delegate.waitUntil("the disconnection is reported") { $0.errors.contains(GPSDError.disconnected(address).description) }
        let before = delegate.locations.count
        try gpsd.start()
        await delegate.waitUntil("fixes arrive from the restarted gpsd") { $0.locations.count >= before + 5 }
    }
}
