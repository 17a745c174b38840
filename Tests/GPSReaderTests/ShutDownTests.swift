import GPSReader
import LocationTracking
import SerialPort
import Testing
import TestSupport

/// `NMEALocationProvider.shutDown()`, what a program awaits before it exits: the device is
/// closed when it returns, so the next program can open it.
@MainActor
@Suite("NMEALocationProvider.shutDown()")
struct ShutDownTests {
    @Test("shutDown() returns with the device closed and unlocked: it opens again at once")
    func closesTheDevice() async throws {
        let link = temporaryLinkPath()
        let receiver = try VirtualReceiver(linkPath: link)
        let provider = NMEALocationProvider(source: .device(.path(link)), recheckInterval: .milliseconds(50))
        let screen = RecordingScreen(provider: provider)
        screen.startTrackingLocation()
        let transmitter = transmitEpochs(from: receiver)
        defer { transmitter.cancel() }
        await eventually("a fix arrives") { !screen.received.isEmpty }
        // The provider's flock stops even root.
        #expect(throws: SerialPortError.self, "the provider holds the device") { try SerialPort(path: link).close() }
        screen.stopTrackingLocation()
        await provider.shutDown()
        try SerialPort(path: link).close()
    }

    @Test("shutDown() ends the access checks of a provider that never read, and returns")
    func endsAccessChecks() async throws {
        let provider = NMEALocationProvider(source: .device(.path(temporaryLinkPath())), recheckInterval: .milliseconds(50))
        provider.requestWhenInUseAuthorization()  // a missing device: checked again and again
        await provider.shutDown()
        #expect(provider.authorizationStatus == .notDetermined)
    }
}
