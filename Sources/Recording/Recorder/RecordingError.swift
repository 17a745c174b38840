import Glibc
import POSIXSupport

/// Why a recording stopped, with what to do in its description.
public enum RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file exists and the options neither append to it nor replace it.
    case fileExists(path: String)
    /// Rotating into a file that is not there, a piece of an earlier recording into it is
    /// (`FILE.1`…), and the options neither append to the pieces nor replace them.
    case pieceExists(path: String)
    /// The file is a symbolic link (to `target`, as it reads): a recording never writes
    /// through one, lest a link planted by another user lead it to a file of theirs or root's.
    case symbolicLink(path: String, target: String)
    /// The file cannot be opened (`open` failed with `errno`).
    case cannotOpen(path: String, errno: CInt)
    /// The output is a FIFO that nothing reads yet (opening it for writing would wait).
    case noReader(path: String)
    /// Rotation was asked for an output no piece can follow: a FIFO, a device, or a descriptor
    /// the process was given (`/dev/stdout`).
    case cannotRotate(path: String)
    /// The file lost its last name while recording (it, or its folder, was deleted): what was
    /// written into it is gone with it, and the recording stopped after `lines` whole lines (in
    /// all its pieces).
    case removed(path: String, lines: Int)
    /// A write or an `fsync` failed (`ENOSPC` for a full disk, `EIO`...). The file ends on the
    /// last whole line written before it; `lines` is how many whole lines this recording wrote
    /// and kept, in all its pieces (its `#` header and an appended-to file's earlier lines aside).
    case cannotWrite(path: String, errno: CInt, lines: Int)

    /// The path of the file concerned.
    public var path: String {
        switch self {
        case .fileExists(let path), .pieceExists(let path), .symbolicLink(let path, _), .cannotOpen(let path, _),
             .noReader(let path), .cannotRotate(let path), .removed(let path, _), .cannotWrite(let path, _, _): path
        }
    }

    /// One sentence on what happened, then what to do: "Cannot write drive.nmea: No space
    /// left on device (ENOSPC). …".
    public var description: String {
        switch self {
        case .fileExists(let path):
            "\(path) exists: --append adds to it, --force replaces it, or choose another file."
        case .pieceExists(let path):
            "\(path) exists, a piece of an earlier recording: --append adds to its newest piece, --force removes the "
                + "pieces, or choose another file."
        case .symbolicLink(let path, let target):
            "\(path) is a symbolic link to \(target), and a recording does not write through links: "
                + "give the file itself (--output \(target)) to record into it."
        case .cannotOpen(let path, let errno):
            "Cannot open \(path): \(Errno(errno)). Check that its folder exists and that you may write there."
        case .noReader(let path):
            "Nothing reads the FIFO \(path): start its reader first (`cat \(path)`), then the recording."
        case .cannotRotate(let path):
            "\(path) is not a file that pieces can follow (a FIFO, a device or a descriptor the shell gave): "
                + "record without --rotate, or into a file."
        case .removed(let path, let lines):
            "\(path) was deleted while recording (the file or its folder): what was written into it is lost with it. "
                + "The recording stopped after \(lines) lines; record again into a folder that stays."
        case .cannotWrite(let path, let errno, let lines):
            "Cannot write \(path): \(Errno(errno)). The recording stopped; the file ends on its last whole line "
                + "(\(lines) lines). " + Self.remedy(writing: errno)
        }
    }

    private static func remedy(writing errno: CInt) -> String {
        switch errno {
        case ENOSPC: "Free some space, or record to another disk."
        case EPIPE: "Its reader went away."
        default: "Check the disk."
        }
    }
}
