import Glibc
import Locking
import GPSReader
import LocationTracking
import SerialPort
import Testing
import TestSupport

/// Authorization is device access: a real `EACCES` from the kernel, though CI runs as root.
@MainActor
@Suite("Permission end to end")
struct PermissionEndToEndTests {
    /// Opens as `nobody` (this thread's file-system identity only), as an unprivileged user
    /// outside the dialout group would.
    private static let openAsNobody: NMEALocationProvider.DeviceOpener = { path, configuration throws(SerialPortError) in
        let result = FileAccessIdentity.asNobody {
            Result { () throws(SerialPortError) in try SerialPort(path: path, configuration: configuration) }
        }
        return try result.get()
    }

    @Test("EACCES is .denied and the restriction route; granting access lets fixes flow with no restart")
    func deniedThenGranted() async throws {
        let link = temporaryLinkPath()
        let receiver = try VirtualReceiver(linkPath: link)
        // Like crw-rw---- root:dialout for someone outside the group. Root opens as nobody; an
        // ordinary user owns the pty, so the owner loses the rights instead.
        try #require(chmod(receiver.devicePath, geteuid() == 0 ? 0o600 : 0o000) == 0)
        let provider = NMEALocationProvider(
            source: .device(.path(link)), recheckInterval: .milliseconds(50), opener: Self.openAsNobody)
        let screen = RecordingScreen(provider: provider)
        screen.startTrackingLocation()
        let transmitter = transmitEpochs(from: receiver)
        defer { transmitter.cancel() }

        await eventually("the restriction shows") { !screen.mainRouter.routes.isEmpty }
        #expect(provider.authorizationStatus == .denied)
        #expect(screen.mainRouter.routes == [
            .locationRestricted(nested: false, title: "GPS access", subtitle: nil, shouldBlock: false),
        ])
        #expect(screen.received.isEmpty)

        try #require(chmod(receiver.devicePath, 0o666) == 0)
        await eventually("the periodic re-check grants access and fixes flow") { screen.received.count >= 2 }
        await screen.stopTracking(provider)
        #expect(provider.authorizationStatus == .authorizedWhenInUse)
        #expect(screen.mainRouter.routes.count == 1)
    }

    @Test("EPERM is .restricted, and is re-checked like a denial")
    func restricted() async throws {
        let link = temporaryLinkPath()
        let receiver = try VirtualReceiver(linkPath: link)
        let refusals = Refusals(count: 3)
        let provider = NMEALocationProvider(
            source: .device(.path(link)), recheckInterval: .milliseconds(20)
        ) { path, configuration throws(SerialPortError) in
            if refusals.take() { throw .notPermitted(path: path) }
            return try SerialPort(path: path, configuration: configuration)
        }
        let screen = RecordingScreen(provider: provider)
        screen.startTrackingLocation()
        let transmitter = transmitEpochs(from: receiver)
        defer { transmitter.cancel() }

        await eventually("the restriction shows") { !screen.mainRouter.routes.isEmpty }
        await eventually("the policy lifts and fixes flow") { screen.received.count >= 2 }
        await screen.stopTracking(provider)
        #expect(provider.authorizationStatus == .authorizedWhenInUse)
    }
}


/// A policy that refuses the first few opens, then allows them.
private final class Refusals: Sendable {
    private let remaining: LockedState<Int>
    init(count: Int) { remaining = LockedState(count) }

    /// Whether to refuse this open.
    func take() -> Bool {
        remaining.withLock { remaining in
            defer { remaining -= 1 }
            return remaining > 0
        }
    }
}
