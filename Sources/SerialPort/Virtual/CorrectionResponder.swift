import GNSS
import Locking

/// A simulated receiver's answer to RTCM 3 corrections: it counts the CRC-valid frames a program
/// writes to the receiver (rejecting and counting those whose CRC-24Q fails), and while they
/// keep coming turns the receiver's GGA from a plain fix into DGPS at the first, RTK float after
/// `floatAfter` and RTK fixed after `fixedAfter` (quality 2, 5, 4, with the corrections' age and
/// base station), adding a GST whose smaller deviations are the better accuracy, as a receiver
/// resolves its ambiguities over seconds of corrections. When no valid frame has come for
/// `ageLimit`, it falls back to the plain fix and starts over.
///
/// ```swift
/// let responder = CorrectionResponder()
/// responder.consume(bytesTheProgramWrote)       // from VirtualReceiver.read(into:timeout:)
/// try receiver.send(responder.answer(epoch))     // the epoch's GGA as corrected now
/// ```
public final class CorrectionResponder: Sendable {
    /// What the receiver makes of the corrections it has.
    public enum Solution: Int, Hashable, Sendable, CustomStringConvertible {
        /// No corrections (or none within the age limit): the epoch as played.
        case none
        /// Corrections began: a differential fix, GGA quality 2.
        case differential
        /// Carrier phase, ambiguities unresolved: GGA quality 5.
        case rtkFloat
        /// Carrier phase, ambiguities fixed: GGA quality 4.
        case rtkFixed

        /// The GGA quality the receiver reports; `nil` for `.none` (the played one stays).
        public var ggaQuality: Int? {
            switch self {
            case .none: nil
            case .differential: 2
            case .rtkFloat: 5
            case .rtkFixed: 4
            }
        }

        /// The standard deviations of latitude, longitude and altitude the GST gives, metres.
        var deviations: (latitude: Double, longitude: Double, altitude: Double) {
            switch self {
            case .none: (2.5, 2.5, 5.0)
            case .differential: (0.3, 0.3, 0.6)
            case .rtkFloat: (0.1, 0.1, 0.2)
            case .rtkFixed: (0.01, 0.01, 0.02)
            }
        }

        /// "none", "DGPS", "RTK float", "RTK fixed".
        public var description: String {
            switch self {
            case .none: "none"
            case .differential: "DGPS"
            case .rtkFloat: "RTK float"
            case .rtkFixed: "RTK fixed"
            }
        }
    }

    /// How long corrections must keep coming for RTK float: 1 s by default.
    public let floatAfter: Duration
    /// How long corrections must keep coming for RTK fixed: 3 s by default.
    public let fixedAfter: Duration
    /// How long the solution outlives the last valid frame: 5 s by default.
    public let ageLimit: Duration
    /// The time on the responder's clock since it was made.
    private let now: @Sendable () -> Duration
    private let state = LockedState(State())

    private struct State {
        var pending: [UInt8] = []
        var validFrames = 0
        var rejectedFrames = 0
        /// When the corrections (re)started: the first valid frame after none for the age limit.
        var streakStart: Duration?
        var lastFrame: Duration?
        var stationID = 0
    }

    /// A responder.
    ///
    /// - Parameters:
    ///   - floatAfter: How long corrections must keep coming before RTK float.
    ///   - fixedAfter: How long corrections must keep coming before RTK fixed.
    ///   - ageLimit: How long after the last valid frame the solution falls back to none.
    ///   - clock: The clock the streak and the age are read on: the simulator's, which tests drive.
    public convenience init(
        floatAfter: Duration = .seconds(1), fixedAfter: Duration = .seconds(3), ageLimit: Duration = .seconds(5),
        clock: some Clock<Duration> = ContinuousClock()
    ) {
        let origin = clock.now
        self.init(floatAfter: floatAfter, fixedAfter: fixedAfter, ageLimit: ageLimit, elapsed: { origin.duration(to: clock.now) })
    }

    /// A responder whose time is `now`'s.
    @available(*, deprecated, message: "pass the clock: init(floatAfter:fixedAfter:ageLimit:clock:)")
    public convenience init(
        floatAfter: Duration = .seconds(1), fixedAfter: Duration = .seconds(3), ageLimit: Duration = .seconds(5),
        now: @escaping @Sendable () -> ContinuousClock.Instant
    ) {
        let origin = now()
        self.init(floatAfter: floatAfter, fixedAfter: fixedAfter, ageLimit: ageLimit, elapsed: { origin.duration(to: now()) })
    }

    private init(floatAfter: Duration, fixedAfter: Duration, ageLimit: Duration, elapsed: @escaping @Sendable () -> Duration) {
        self.floatAfter = floatAfter
        self.fixedAfter = fixedAfter
        self.ageLimit = ageLimit
        now = elapsed
    }

    /// Valid RTCM 3 frames written to the receiver so far.
    public var validFrames: Int { state.withLock { $0.validFrames } }
    /// Frames whose CRC-24Q failed: rejected, as a receiver rejects them.
    public var rejectedFrames: Int { state.withLock { $0.rejectedFrames } }

    /// The solution now.
    public var solution: Solution {
        let now = now()
        return state.withLock { state in Self.solution(of: &state, at: now, floatAfter: floatAfter, fixedAfter: fixedAfter, ageLimit: ageLimit) }
    }

    /// Takes bytes the program wrote to the receiver: RTCM 3 frames among anything else (UBX
    /// commands, noise), split anywhere.
    public func consume(_ bytes: some Collection<UInt8>) {
        let now = now()
        state.withLock { state in
            if let last = state.lastFrame, now - last > ageLimit { state.streakStart = nil }
            state.pending += bytes
            var start = 0
            let pending = state.pending
            scan: while let preamble = pending[start...].firstIndex(of: 0xD3) {
                start = preamble
                guard pending.count - start >= 3 else { break }
                guard pending[start + 1] & 0xFC == 0 else {
                    start += 1
                    continue
                }
                let length = Int(pending[start + 1]) << 8 | Int(pending[start + 2])
                let end = start + 3 + length + 3
                guard end <= pending.count else { break scan }
                let crc = UInt32(pending[end - 3]) << 16 | UInt32(pending[end - 2]) << 8 | UInt32(pending[end - 1])
                guard CRC24Q.of(pending[start..<end - 3]) == crc else {
                    state.rejectedFrames += 1
                    start += 1
                    continue
                }
                state.validFrames += 1
                if state.streakStart == nil { state.streakStart = now }
                state.lastFrame = now
                let number = length >= 2 ? Int(pending[start + 3]) << 4 | Int(pending[start + 4]) >> 4 : 0
                if number == 1005 || number == 1006, length >= 4 {
                    state.stationID = Int(pending[start + 4] & 0x0F) << 8 | Int(pending[start + 5])
                }
                start = end
            }
            // Keep only what may still begin a frame.
            let keep = pending[start...].firstIndex(of: 0xD3) ?? pending.count
            state.pending.removeFirst(keep)
        }
    }

    /// `epoch` (NMEA lines) as the receiver reports it now: with a solution, each GGA that has a
    /// fix gets its quality, the corrections' age (field 13) and the base's station id (field
    /// 14), and is followed by a GST of the solution's deviations. Other lines are unchanged.
    public func answer(_ epoch: [UInt8]) -> [UInt8] {
        let now = now()
        let (solution, age, station) = state.withLock { state in
            (Self.solution(of: &state, at: now, floatAfter: floatAfter, fixedAfter: fixedAfter, ageLimit: ageLimit),
             state.lastFrame.map { now - $0 } ?? .zero, state.stationID)
        }
        guard let quality = solution.ggaQuality else { return epoch }
        var output: [UInt8] = []
        output.reserveCapacity(epoch.count + 80)
        for line in epoch.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast(epoch.last == 0x0A ? 1 : 0) {
            let body = NMEALine(line)
            guard let body, body.fields.count >= 15, body.fields[0].hasSuffix("GGA"), body.fields[6] != "0", !body.fields[6].isEmpty
            else {
                output += line + [0x0A]
                continue
            }
            var fields = body.fields
            fields[6] = String(quality)
            let tenths = Int((Double(age.components.seconds) + Double(age.components.attoseconds) * 1e-18) * 10)
            fields[13] = "\(tenths / 10).\(tenths % 10)"
            fields[14] = String(repeating: "0", count: max(0, 4 - String(station).count)) + String(station)
            output += NMEALine.encode(fields)
            let deviations = solution.deviations
            let talker = String(fields[0].prefix(2))
            output += NMEALine.encode([
                talker + "GST", fields[1], "", "", "", "",
                NMEALine.decimal(deviations.latitude), NMEALine.decimal(deviations.longitude), NMEALine.decimal(deviations.altitude),
            ])
        }
        return output
    }

    private static func solution(
        of state: inout State, at now: Duration, floatAfter: Duration, fixedAfter: Duration, ageLimit: Duration
    ) -> Solution {
        guard let last = state.lastFrame, now - last <= ageLimit, let start = state.streakStart else {
            state.streakStart = nil
            return .none
        }
        let streak = now - start
        return streak >= fixedAfter ? .rtkFixed : streak >= floatAfter ? .rtkFloat : .differential
    }
}

