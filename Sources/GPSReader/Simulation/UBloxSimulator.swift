import Dispatch
import GNSS
import Locking
import NMEA
import SerialPort
import UBX

/// A u-blox receiver simulated on a `VirtualReceiver`'s pseudo-terminal: it reads the UBX
/// commands a program writes and answers as a NEO-M8N (legacy CFG messages, protocol 18.00) or a
/// ZED-F9P (configuration keys, protocol 27.12) does, and sends an epoch every measurement period.
///
/// - MON-VER, CFG-RATE, CFG-GNSS, CFG-PRT, CFG-MSG and NAV-PVT polls are answered with the
///   message; CFG-VALGET (ZED-F9P only) with the keys' values. A CFG poll's answer is followed
///   by an ACK-ACK of the poll in the same burst, as a real receiver's is.
/// - A command is answered with ACK-ACK and takes effect: a rate changes how often epochs are
///   sent, an output change what they hold (NMEA GGA and RMC, NAV-PVT, NAV-SAT), a speed change
///   moves the pseudo-terminal's speed once the ACK-ACK is sent (`VirtualReceiver.baudRate`).
/// - ACK-NAK for what its generation cannot do: a rate above 10 Hz (NEO-M8N) or 20 Hz
///   (ZED-F9P), a key it does not know, CFG-VALSET and CFG-VALGET on a NEO-M8N; a CFG-VALSET
///   is taken whole or not at all.
/// - RTCM 3 corrections written to it are counted by `corrections` (a `CorrectionResponder`),
///   and while they keep coming its epochs say so, as an F9P's do: GGA quality 2, 5 and 4,
///   NAV-PVT's `diffSoln` flag and `carrSoln` 1 (float) and 2 (fixed), with smaller accuracies.
/// - ``Behaviour`` adds the faults tests need: messages it never answers or always refuses, a
///   speed change acknowledged but not made, NMEA sentences filling each epoch.
///
/// Until a speed change the pseudo-terminal carries bytes at any speed, as a CDC-ACM receiver
/// does, so a program (or `ubxtool`) reads it whatever its port's speed.
public final class UBloxSimulator: Sendable {
    /// Faults and load, for tests.
    public struct Behaviour: Sendable {
        /// Commands it never answers (its polls are still answered).
        public var silentTo: Set<UBXMessageID>
        /// Commands it always refuses with ACK-NAK (its polls are still answered).
        public var refuses: Set<UBXMessageID>
        /// Whether it acknowledges a speed change but keeps talking at its old speed.
        public var ignoresSpeedChange: Bool
        /// GSV sentences added to each epoch, to load the line while it is configured.
        public var extraSentences: Int

        /// Behaviour with these faults; none by default.
        public init(
            silentTo: Set<UBXMessageID> = [], refuses: Set<UBXMessageID> = [], ignoresSpeedChange: Bool = false,
            extraSentences: Int = 0
        ) {
            self.silentTo = silentTo
            self.refuses = refuses
            self.ignoresSpeedChange = ignoresSpeedChange
            self.extraSentences = extraSentences
        }
    }

    /// The simulated receiver's settings and what it was told, as tests read them.
    public struct Settings: Sendable {
        /// Milliseconds between epochs.
        public var measurementPeriodMilliseconds = 1000
        /// The constellations enabled.
        public var constellations: Set<Constellation> = [.gps, .sbas, .galileo, .glonass, .qzss]
        /// UART1's speed, bit/s.
        public var baudRate = 9600
        /// The protocols UART1 sends.
        public var outputProtocols: UBXProtocols = [.ubx, .nmea]
        /// Rates per epoch of the UBX messages it sends.
        public var messageRates: [UBXMessageID: Int] = [.navPVT: 0, .navSAT: 0]
        /// How many times the configuration was saved (CFG-CFG save, or CFG-VALSET into flash).
        public var saves = 0
        /// How many times it was reset to its defaults.
        public var resets = 0
        /// Every UBX frame written to it, whole, in order.
        public var received: [[UInt8]] = []
        /// How many epochs it has sent.
        public var epochs = 0
    }

    /// The pseudo-terminal it talks on.
    public let receiver: VirtualReceiver
    /// How it is configured: legacy (NEO-M8N) or configuration keys (ZED-F9P).
    public let generation: UBXGeneration
    /// Its faults.
    public let behaviour: Behaviour
    /// What it makes of the RTCM 3 corrections written to it.
    public let corrections: CorrectionResponder
    /// The clock its epochs are timed on: a `ContinuousClock` unless a test drives one.
    public let clock: any Clock<Duration>
    let state = LockedState(Settings())
    /// Held while a burst or an answer is written (or the speed changed), so none splits another.
    let writing = LockedState(())
    private let stopped = LockedState(false)
    /// Whether its commands are read and answered yet (`startAnswering()`).
    private let isAnswering = LockedState(false)

    /// A simulated receiver of `generation` on `receiver`, its epochs timed on `clock` (a
    /// `ContinuousClock` by default), answering corrections as `corrections` judges them (by
    /// default a `CorrectionResponder` of the default timing on the same clock); nothing is sent
    /// until ``run()``.
    public init(
        receiver: VirtualReceiver, generation: UBXGeneration, behaviour: Behaviour = Behaviour(),
        corrections: CorrectionResponder? = nil, clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.receiver = receiver
        self.generation = generation
        self.behaviour = behaviour
        self.corrections = corrections ?? CorrectionResponder(clock: clock)
        self.clock = clock
    }

    /// Its settings and what it was told, now.
    public var settings: Settings { state.withLock { $0 } }

    /// What it says it is.
    public var identity: MONVER {
        switch generation {
        case .legacy:
            MONVER(software: "ROM CORE 3.01 (107888)", hardware: "00080000",
                   extensions: ["FWVER=SPG 3.01", "PROTVER=18.00", "MOD=NEO-M8N-0", "GPS;GLO;GAL;BDS", "SBAS;IMES;QZSS"])
        case .configurationKeys:
            MONVER(software: "EXT CORE 1.00 (61ce84)", hardware: "00190000",
                   extensions: ["ROM BASE 0x118B2060", "FWVER=HPG 1.32", "PROTVER=27.31", "MOD=ZED-F9P", "GPS;GLO;GAL;BDS", "SBAS;QZSS"])
        }
    }

    /// The shortest measurement period it takes, milliseconds: 100 (10 Hz) for a NEO-M8N, 50
    /// (20 Hz) for a ZED-F9P.
    public var shortestPeriodMilliseconds: Int { generation == .legacy ? 100 : 50 }

    /// Starts reading and answering what the program writes, on a thread of its own, without
    /// waiting for ``run()``'s task to be scheduled: a program's first poll is answered however
    /// busy Swift's cooperative pool is. Called again, or by ``run()``, it does nothing more.
    public func startAnswering() {
        guard isAnswering.withLock({ answering in
            defer { answering = true }
            return !answering
        }) else { return }
        DispatchQueue(label: "UBloxSimulator.commands").async { self.readCommands() }
    }

    /// Answers commands and sends epochs until the task is cancelled or the receiver unplugged.
    public func run() async {
        await run(on: clock)
    }

    private func run<C: Clock<Duration>>(on clock: C) async {
        startAnswering()
        var last = clock.now
        sendEpoch()
        while !Task.isCancelled, !receiver.isUnplugged {
            // A rate changed meanwhile takes effect within 50 ms, not after the old period.
            let due = last.advanced(by: .milliseconds(state.withLock { $0.measurementPeriodMilliseconds }))
            guard clock.now >= due else {
                do { try await clock.sleep(until: min(due, clock.now.advanced(by: .milliseconds(50))), tolerance: nil) } catch { break }
                continue
            }
            last = due < clock.now.advanced(by: .milliseconds(-500)) ? clock.now : due
            sendEpoch()
        }
        stopped.withLock { $0 = true }
    }

    /// Reads what the program writes, frames it, answers each UBX frame and hands each valid
    /// RTCM 3 frame to `corrections`, until stopped.
    private func readCommands() {
        var framer = NMEAFramer()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !stopped.withLock({ $0 }) {
            let read = buffer.withUnsafeMutableBytes { bytes in
                Result { () throws(SerialPortError) in try receiver.read(into: bytes, timeout: .milliseconds(100)) }
            }
            guard case .success(let count) = read else { return }
            var frames: [[UInt8]] = []
            buffer.withUnsafeBytes { bytes in
                framer.append(UnsafeRawBufferPointer(rebasing: bytes[..<count]), sentences: { _ in }) { frame in
                    if frame.frameProtocol == .ubx { frames.append(Array(frame.bytes)) }
                    if frame.frameProtocol == .rtcm3 { corrections.consume(frame.bytes) }
                }
            }
            for frame in frames { answer(frame) }
        }
    }

    /// Writes `bytes` to the program, whole; an unplugged receiver drops them.
    func send(_ bytes: [UInt8]) {
        writing.withLock { _ in _ = try? receiver.send(bytes) }
    }
}
