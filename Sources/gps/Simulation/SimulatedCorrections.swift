import Dispatch
import Locking
import SerialPort

/// `gps simulate`'s receiver answering RTCM 3 corrections: what a program writes to the
/// pseudo-terminal (an NTRIP client's frames, through `gps read --ntrip`) is read on a dispatch
/// thread of its own and counted by a `CorrectionResponder`, which turns the played GGA into
/// DGPS, RTK float and RTK fixed while valid frames keep coming. Each change of solution is said
/// on standard error: `gps: corrections: RTK fixed (30 valid frames, 0 rejected)`.
final class SimulatedCorrections: Sendable {
    let responder = CorrectionResponder()
    private let said = LockedState(CorrectionResponder.Solution.none)

    /// Reads `receiver`'s writes until it is unplugged.
    func startReading(_ receiver: VirtualReceiver) {
        let responder = responder
        // A blocking read with a timeout: off the cooperative pool, and it ends at the unplug.
        DispatchQueue.global().async {
            while !receiver.isUnplugged {
                do {
                    try receiver.takeWrites(into: responder, timeout: .milliseconds(200))
                } catch {
                    return
                }
            }
        }
    }

    /// `epoch` as the receiver reports it now; says the solution when it changed.
    func answer(_ epoch: [UInt8]) -> [UInt8] {
        let solution = responder.solution
        let changed = said.withLock { said in
            defer { said = solution }
            return said != solution
        }
        if changed {
            printError("gps: corrections: \(solution) (\(responder.validFrames) valid frames, \(responder.rejectedFrames) rejected)")
        }
        return responder.answer(epoch)
    }
}
