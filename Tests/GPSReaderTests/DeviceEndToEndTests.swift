import Foundation
import GPSReader
import LocationTracking
import SerialPort
import Testing
import TestSupport

/// A `VirtualReceiver` on a real pseudo-terminal is the dongle: fixes go from the pty through
/// `NMEALocationProvider` and `AppLocationManager` to a screen.
@MainActor
@Suite("Device end to end")
struct DeviceEndToEndTests {
    @Test("fixes from the receiver reach the screen, whole")
    func fixesFlow() async throws {
        let link = temporaryLinkPath()
        let receiver = try VirtualReceiver(linkPath: link)
        let provider = NMEALocationProvider(source: .device(.path(link)), recheckInterval: .milliseconds(50))
        let screen = RecordingScreen(provider: provider)
        screen.startTrackingLocation()
        let transmitter = transmitEpochs(from: receiver)
        defer { transmitter.cancel() }

        await eventually("three fixes arrive") { screen.received.count >= 3 }
        await screen.stopTracking(provider)
        #expect(provider.authorizationStatus == .authorizedWhenInUse)
        #expect(screen.mainRouter.routes.isEmpty)
        let fix = try #require(screen.received.last)
        #expect(abs(fix.coordinate.latitude - 48.1173) < 1e-9)
        #expect(fix.altitude == 545.4)
        #expect(fix.satellitesUsed == 8)
        #expect(fix.mode == .threeDimensional)
        let times = screen.received.compactMap(\.timestamp)
        #expect(times.count == screen.received.count)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "in order; a fix that came while the screen was busy is skipped")
    }

    @Test("a missing device is an error, not a denial; fixes flow once it is plugged in")
    func missingThenPlugged() async throws {
        let link = temporaryLinkPath()
        let provider = NMEALocationProvider(source: .device(.path(link)), recheckInterval: .milliseconds(50))
        let logger = RecordingLogger()
        let screen = RecordingScreen(provider: provider, logger: logger)
        screen.startTrackingLocation()

        await eventually("the manager logs the missing device") { !logger.errors.isEmpty }
        #expect(logger.errors.first?.contains("No device at \(link)") == true)
        #expect(provider.authorizationStatus == .notDetermined)
        #expect(screen.mainRouter.routes.isEmpty)

        let receiver = try VirtualReceiver(linkPath: link)
        let transmitter = transmitEpochs(from: receiver)
        defer { transmitter.cancel() }
        await eventually("fixes flow from the plugged-in receiver") { screen.received.count >= 2 }
        await screen.stopTracking(provider)
        #expect(provider.authorizationStatus == .authorizedWhenInUse)
        #expect(logger.errors.count == 1, "a device missing for many checks is reported once: \(logger.errors)")
    }

    @Test("unplugging is reported; fixes resume when the receiver is plugged back in")
    func unplugAndReplug() async throws {
        let link = temporaryLinkPath()
        let first = try VirtualReceiver(linkPath: link)
        let provider = NMEALocationProvider(source: .device(.path(link)), recheckInterval: .milliseconds(50))
        let logger = RecordingLogger()
        let screen = RecordingScreen(provider: provider, logger: logger)
        screen.startTrackingLocation()
        let firstTransmitter = transmitEpochs(from: first)
        await eventually("fixes flow") { screen.received.count >= 2 }

        first.unplug()
        firstTransmitter.cancel()
        await eventually("the unplug is reported") { logger.errors.contains { $0.contains("disconnected") } }
        let beforeReplug = screen.received.count

        let second = try VirtualReceiver(linkPath: link)
        let secondTransmitter = transmitEpochs(from: second)
        defer { secondTransmitter.cancel() }
        await eventually("fixes flow again, with no restart") { screen.received.count >= beforeReplug + 2 }
        await screen.stopTracking(provider)
        #expect(provider.authorizationStatus == .authorizedWhenInUse)
        #expect(screen.mainRouter.routes.isEmpty)
    }
}
