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
    private static let openAsNobody: DeviceOpener = { path, configuration throws(SerialPortError) in
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
        let policy = OpenPolicy()
        let provider = NMEALocationProvider(
            source: .device(.path(link)), recheckInterval: .milliseconds(20)
        ) { path, configuration throws(SerialPortError) in
            if policy.refuses() { throw .notPermitted(path: path.description) }
            return try SerialPort(path: path, configuration: configuration)
        }
        let screen = RecordingScreen(provider: provider)
        screen.startTrackingLocation()
        let transmitter = transmitEpochs(from: receiver)
        defer { transmitter.cancel() }

        await eventually("the restriction shows") { !screen.mainRouter.routes.isEmpty }
        #expect(provider.authorizationStatus == .restricted)
        #expect(screen.mainRouter.routes == [
            .locationRestricted(nested: false, title: "GPS access", subtitle: nil, shouldBlock: false),
        ])
        let refusedSoFar = policy.refusals
        await eventually("the provider asks again while restricted") { policy.refusals > refusedSoFar }
        #expect(screen.received.isEmpty)

        policy.lift()
        await eventually("the policy lifts and fixes flow") { screen.received.count >= 2 }
        await screen.stopTracking(provider)
        #expect(provider.authorizationStatus == .authorizedWhenInUse)
        #expect(screen.mainRouter.routes.count == 1)
    }
}


/// A policy that forbids opening the device until it is lifted, counting the opens it refused.
///
/// The test lifts it only once the restriction has shown: the flow acts on the provider's
/// status when the main actor gets to it, so a policy lifted on its own after a few refusals
/// could be over before a slow main actor ever saw it.
private final class OpenPolicy: Sendable {
    private let state = LockedState((forbids: true, refusals: 0))

    /// How many opens it has refused.
    var refusals: Int { state.withLock { $0.refusals } }

    /// Whether to refuse this open, counting it if so.
    func refuses() -> Bool {
        state.withLock { state in
            if state.forbids { state.refusals += 1 }
            return state.forbids
        }
    }

    /// Allows every open from now on.
    func lift() {
        state.withLock { $0.forbids = false }
    }
}
