/// A capture read and decoded a piece at a time: what each piece says, in order (opened before
/// the first, its bytes, the epochs they complete; at the end the epoch in progress, and the
/// failure if one ended it). A capture whose first `CaptureReplay.frameSearchLimit` bytes
/// frame nothing ends there, failed. `CaptureReplay` hands these events to a sink directly, or queues
/// them to be paced.
final class CaptureDecoding {
    /// What one step did.
    enum Step {
        /// A piece was read and decoded.
        case piece
        /// The capture ended (or failed); nothing more will come.
        case ended
    }

    private let name: String
    private let pieces: CapturePieces
    private let stream = EpochStream()
    private var isOpen = false
    /// Bytes read while no valid frame has come yet; `nil` once one has.
    private var bytesWithoutFrame: Int? = 0

    /// The capture named `name` in reports, in 64 KiB chunks or, `splittingLines`, a line at a time.
    init(_ capture: Capture, name: String, splittingLines: Bool) {
        self.name = name
        pieces = CapturePieces(capture, splittingLines: splittingLines)
    }

    /// Reads and decodes the next piece, handing each event it makes to `say`.
    func step(isolation actor: isolated (any Actor)?, _ say: (ReceiverEvent) -> Void) async -> Step {
        let piece: [UInt8]?
        do throws(GPSReaderError) {
            piece = try await pieces.nextPiece(isolation: actor)
        } catch {
            stream.finish { say(.epoch($0)) }
            say(.failed(error))
            return .ended
        }
        if !isOpen {
            isOpen = true
            say(.opened(path: name, baudRate: nil))
        }
        guard let piece else {
            stream.finish { say(.epoch($0)) }
            return .ended
        }
        let frames = stream.say(piece, say)
        if let before = bytesWithoutFrame {
            bytesWithoutFrame = frames > 0 ? nil : before + piece.count
            if let bytesRead = bytesWithoutFrame, bytesRead >= CaptureReplay.frameSearchLimit {
                say(.failed(GPSReaderError.captureWithoutFrames(path: name, bytesRead: bytesRead)))
                return .ended
            }
        }
        return .piece
    }
}
