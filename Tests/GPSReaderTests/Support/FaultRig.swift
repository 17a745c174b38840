// Faults are forced through the syscall seam of debug builds only.
#if DEBUG
import Foundation
import GPSReader
import LocationTracking
import POSIXSupport
import SerialPort
import Locking
import Testing
import TestSupport

/// A receiver with faults under the whole flow: a `VirtualReceiver` pseudo-terminal as the
/// dongle, read by an `NMEALocationProvider` whose ports all carry one `FaultInjection` plan
/// (attached by the provider's opener, so the provider's own reading threads see it), into an
/// `AppLocationManager` on a `ManualClock` and a `RecordingScreen`.
///
/// Epochs go out one at a time and each is waited for at the screen (`deliver(_:)`), so the
/// flow's newest-only delivery never skips one: a fix that is missing is one the fault lost.
@MainActor
final class FaultRig {
    let link = temporaryLinkPath()
    private(set) var receiver: VirtualReceiver
    let faults = FaultInjection()
    let clock = ManualClock()
    let logger = RecordingLogger()
    let provider: NMEALocationProvider
    let screen: RecordingScreen
    /// Whether the receiver sends its GSA last, after VTG: an epoch the assembler never learns
    /// the end of, reported only when the line goes quiet.
    let endsEpochsWithGSA: Bool
    private let opens = OpenCounter()
    /// Successful opens when the last epoch went out.
    private var opensAtLastEpoch = 0

    /// A rig whose provider reads at `baudRate` (`nil`: detected, 9600 on a pseudo-terminal)
    /// and retries a failed device every `recheckInterval`; its receiver ends each epoch with
    /// its GSA when `endsEpochsWithGSA`.
    init(
        baudRate: SerialPort.BaudRate? = nil, recheckInterval: Duration = .milliseconds(50),
        endsEpochsWithGSA: Bool = false
    ) throws {
        self.endsEpochsWithGSA = endsEpochsWithGSA
        receiver = try VirtualReceiver(linkPath: link)
        let faults = faults, opens = opens
        provider = NMEALocationProvider(
            source: .device(.path(link), baudRate: baudRate), recheckInterval: recheckInterval
        ) { path, configuration throws(SerialPortError) in
            opens.attempted()
            let port = try SerialPort(path: path, configuration: configuration, faults: faults)
            opens.opened()
            return port
        }
        screen = RecordingScreen(provider: provider, clock: clock, logger: logger)
    }

    /// Starts tracking and waits until the provider has the device open for reading: the
    /// access check opens and closes it once first.
    func start() async {
        screen.startTrackingLocation()
        await eventually("the provider opens the device for reading") { opens.count >= 2 }
    }

    /// Stops tracking and waits until the provider has closed the device.
    func stop() async {
        await screen.stopTracking(provider)
    }

    // MARK: The receiver

    /// The epochs the screen received, by number.
    var receivedEpochs: [Int] {
        screen.received.compactMap { fix in fix.timestamp.map { Int($0.timeIntervalSince(Self.epochZero)) } }
    }

    /// Sends epochs one by one, each as one burst, its fix waited for at the screen before the
    /// next goes out.
    ///
    /// An epoch whose end the assembler cannot tell from its sentences (the first after an
    /// open, before the cycle is learned, and every one of a receiver that ends with a GSA)
    /// reaches the screen when the line has been quiet for half a second after the burst.
    func deliver(_ epochs: ClosedRange<Int>, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for number in epochs {
            opensAtLastEpoch = opens.count
            try await send(Self.sentences(ofEpoch: number, endingWithGSA: endsEpochsWithGSA).joined())
            await waitForEpoch(number, sourceLocation: sourceLocation)
        }
    }

    /// Sends the first `byteCount` bytes of epoch `number` and waits until the provider has
    /// read them: the epoch is in flight, part of it in the provider's framer.
    func sendStart(ofEpoch number: Int, byteCount: Int) async throws {
        try await send(Self.sentences(ofEpoch: number).joined().prefix(byteCount))
        await eventually("the provider reads the start of epoch \(number)") {
            (try? receiver.unreadByteCount()) == 0
        }
    }

    /// Sends the rest of epoch `number` after `sendStart(ofEpoch:byteCount:)`, in one write,
    /// without suspending.
    func sendRest(ofEpoch number: Int, after byteCount: Int) throws {
        try receiver.send(Self.sentences(ofEpoch: number).joined().dropFirst(byteCount))
    }

    /// Emits bytes as the receiver, waiting with `Task.sleep` (never blocking) for room.
    func send(_ bytes: some Sequence<UInt8>) async throws {
        try await receiver.play(Array(bytes), pace: .unthrottled)
    }

    /// Plugs a new receiver in at the link, after `receiver.unplug()`.
    func plugIn() throws {
        receiver = try VirtualReceiver(linkPath: link)
    }

    // MARK: Waiting and checking

    /// Opens the provider has attempted, successful or not.
    var openAttempts: Int { opens.attempts }

    /// Waits until the provider has opened the device again since the last epoch went out.
    func waitForReopen(sourceLocation: SourceLocation = #_sourceLocation) async {
        await eventually("the provider opens the device again", sourceLocation: sourceLocation) {
            opens.count > opensAtLastEpoch
        }
    }

    func waitForEpoch(_ number: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        await eventually("epoch \(number) reaches the screen", sourceLocation: sourceLocation) {
            receivedEpochs.contains(number)
        }
    }

    /// Checks the port waits in `poll` while nothing arrives: over half a second, a handful of
    /// reads and polls at most, where a loop makes thousands. Two are expected (the wait that
    /// ends when the line is quiet, and the one parked until bytes come); the rest of the bound
    /// is for signals that interrupt a wait (`EINTR`, retried), such as the `SIGCHLD` of a
    /// process another test spawned meanwhile.
    func expectWaitsInPoll(sourceLocation: SourceLocation = #_sourceLocation) async {
        let reads = faults.calls(of: .read), polls = faults.calls(of: .poll)
        try? await Task.sleep(for: .milliseconds(500))
        let extraReads = faults.calls(of: .read) - reads, extraPolls = faults.calls(of: .poll) - polls
        #expect(extraReads <= 10 && extraPolls <= 10, "\(extraReads) reads and \(extraPolls) polls while quiet",
                sourceLocation: sourceLocation)
    }

    /// Checks the last good fix, epoch `number`, is not presented as current once it is older
    /// than the lost timeout on the manager's clock, and that an hour more changes nothing.
    func expectLost(lastEpoch number: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        guard let last = screen.received.last, receivedEpochs.last == number else {
            Issue.record("epoch \(number) is not the last fix", sourceLocation: sourceLocation)
            return
        }
        #expect(screen.manager.state == .located(last), sourceLocation: sourceLocation)
        clock.advance(by: screen.manager.lostTimeout)
        await eventually("the fix of epoch \(number) is lost", sourceLocation: sourceLocation) {
            if case .lost(last, _) = screen.manager.state { true } else { false }
        }
        let states = screen.states.count
        clock.advance(by: .seconds(3600))
        await settle()
        #expect(screen.states.count == states, "an hour on the clock changes nothing more", sourceLocation: sourceLocation)
    }

    /// Waits until the screen is told of a failure `matching`, and checks that an hour on the
    /// manager's clock does not bring the last fix back as current meanwhile.
    func expectFailure(
        _ description: String, sourceLocation: SourceLocation = #_sourceLocation, matching: (any Error) -> Bool
    ) async {
        await eventually("the screen is told \(description)", sourceLocation: sourceLocation) {
            if case .failed(let error) = screen.manager.state { matching(error) } else { false }
        }
        clock.advance(by: .seconds(3600))
        await settle()
        let isFailed = if case .failed = screen.manager.state { true } else { false }
        #expect(isFailed, "still failed an hour later: \(screen.manager.state)", sourceLocation: sourceLocation)
    }

    /// The errors the manager logged, as text.
    var errors: [String] { logger.errors }

    /// Whether the screen was ever told of a failure.
    var everFailed: Bool {
        screen.states.contains { if case .failed = $0 { true } else { false } }
    }

    // MARK: Epochs

    /// Epoch 0's time, 2025-03-15 10:00:00 UTC; epoch `n` is `n` seconds later.
    static let epochZero = Date(timeIntervalSince1970: 1_742_032_800)

    /// Epoch `number`'s sentences (GGA, GSA, RMC, VTG; GGA, RMC, VTG, GSA `endingWithGSA`),
    /// each with its line end.
    static func sentences(ofEpoch number: Int, endingWithGSA: Bool = false) -> [[UInt8]] {
        let time = String(format: "%02d%02d%02d", 10 + number / 3600, number / 60 % 60, number % 60)
        var bodies = epoch(time)
        if endingWithGSA { bodies.append(bodies.remove(at: 1)) }
        return bodies.map { Array(sentence($0).utf8) }
    }
}

/// Counts the provider's opens, from its opener's thread.
private final class OpenCounter: Sendable {
    private let counts = LockedState((attempts: 0, opened: 0))

    var attempts: Int { counts.withLock { $0.attempts } }
    var count: Int { counts.withLock { $0.opened } }

    func attempted() { counts.withLock { $0.attempts += 1 } }
    func opened() { counts.withLock { $0.opened += 1 } }
}
#endif
