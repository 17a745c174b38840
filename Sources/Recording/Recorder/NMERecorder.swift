import FoundationEssentials
import Glibc
import GPSReader
import POSIXSupport

/// A recorder as an output of the pipeline: every line the receiver sends, byte for byte, in a
/// file gpsd's `gpsfake` and `gps replay` play back.
///
/// It keeps the `.bytes` events (the bytes as they arrived) and writes each whole line to the
/// file as soon as its newline has come, so a crash or SIGKILL of the process loses no complete
/// line; each `.epoch` is then made durable as `RecordingOptions.sync` says. Lines that are not
/// NMEA (a boot banner, a proprietary binary message that ends on a newline) are kept too, as
/// received, and counted (`RecordingSummary.otherLines`). Bytes that end no line are held until
/// their newline comes; those still held at the end, or past 64 KiB without a newline, or cut
/// off by an unplug, are dropped and counted (`RecordingSummary.droppedBytes`): a file always
/// ends on a whole line.
///
/// When a file cannot be written (a full disk), the recorder says so once in `failure`, stops
/// wanting events (the run ends) and leaves the file ending on its last whole line. A file
/// deleted while recording (or its folder) is noticed at the next epoch, and at the end, by its
/// link count: that too is a `failure`, the lines written being lost.
public final class NMERecorder: ReceiverSink {
    /// The most bytes held without a newline before they are dropped as not a line.
    public static let longestLine = 1 << 16

    private let path: FilePath
    private let options: RecordingOptions
    private var file: RecordingFile?
    private var pending: [UInt8] = []
    private var pieceIndex = 0
    private var pieceHour: Int?
    /// The bytes of the current piece's header: a piece holding only those is not rotated.
    private var headerSize = 0
    private var source: (path: String, baudRate: Int?)?
    private var startedAt: Date?
    private var isFinished = false

    /// What was recorded so far.
    public private(set) var summary: RecordingSummary
    /// Why the recording stopped early; `nil` while it goes on (and after a clean end).
    public private(set) var failure: RecordingError?

    /// A recorder into `path`, opened at once so that a file that is there, or a folder that
    /// cannot be written, is known before the receiver is read.
    ///
    /// When rotating, the pieces an earlier recording left (`path.1`, `path.2`…, see
    /// `RecordingPieces`) count too: `.refuse` refuses them as it refuses `path`; `.replace`
    /// removes them all once `path` is open, so that the pieces are this recording's alone and
    /// a `path` that cannot be opened costs no piece; `.append` goes on in the highest-numbered
    /// piece there, gaps below it or not.
    ///
    /// - Throws: `RecordingError.fileExists` when `path` is there and `options.existingFile`
    ///   is `.refuse`; `.pieceExists` when, rotating, `path` is not there but a piece is;
    ///   `.symbolicLink` when `path` (or the piece to append to) is a symbolic link, never
    ///   written through; `.cannotOpen` when `path` cannot be opened for writing or a piece
    ///   removed (`path` has then been emptied and closed); `.cannotRotate` when rotating into a
    ///   FIFO, a device or a descriptor the process was given, which no piece can follow.
    public convenience init(path: String, options: RecordingOptions = RecordingOptions()) throws(RecordingError) {
        try self.init(path: FilePath(path), options: options)
    }

    /// A recorder into `path`'s bytes, UTF-8 or not (`out\xff.nmea` from `argv`), as
    /// `init(path:options:)` with text; messages show the path with `\xFF` for such a byte.
    ///
    /// - Throws: As `init(path:options:)`.
    public init(path: FilePath, options: RecordingOptions = RecordingOptions()) throws(RecordingError) {
        self.path = path
        self.options = options
        summary = RecordingSummary(pieces: [])
        guard options.rotation != .never else {
            try open(piece: 0)
            return
        }
        switch options.existingFile {
        case .refuse:
            if case .failure = Syscalls.stat(path), let leftover = RecordingPieces.leftovers(of: path).first {
                throw .pieceExists(path: leftover.description)
            }
            try open(piece: 0)
        case .replace:
            try open(piece: 0)
            do throws(RecordingError) {
                try RecordingPieces.removeLeftovers(of: path)
            } catch {
                closeCurrent()
                throw error
            }
        case .append:
            try open(piece: RecordingPieces.newest(of: path))
        }
    }

    public func receive(_ event: ReceiverEvent) {
        guard failure == nil, !isFinished else { return }
        switch event {
        case .opened(let path, let baudRate):
            // A line cut off by an unplug never ends.
            drop(pending.count)
            pending.removeAll(keepingCapacity: true)
            if source == nil {
                source = (path, baudRate)
                startedAt = options.clock()
                writeHeader()
            }
        case .bytes(let chunk):
            pending.append(contentsOf: chunk)
            guard let newline = pending.lastIndex(of: 0x0A) else {
                if pending.count > Self.longestLine {
                    drop(pending.count)
                    pending.removeAll(keepingCapacity: true)
                }
                return
            }
            record(pending[...newline])
            pending.removeSubrange(...newline)
        case .epoch:
            checkStillNamed()
            if options.sync == .everyEpoch { sync() }
        default:
            break
        }
    }

    /// Drops the bytes that end no line and closes the file with a last `fsync`; a file this
    /// recording created, when the device never opened, is removed (`RecordingSummary.isDiscarded`).
    public func finish() {
        guard !isFinished else { return }
        isFinished = true
        drop(pending.count)
        pending.removeAll()
        checkStillNamed()
        guard var file else { return }
        self.file = nil
        if source == nil, failure == nil, file.closeRemovingIfUnused() {
            summary.isDiscarded = true
            return
        }
        do throws(Errno) {
            try file.close()
        } catch {
            fail(file.path, error)
        }
    }

    /// Until the file cannot be written.
    public var wantsMoreEvents: Bool { failure == nil }

    private func record(_ lines: ArraySlice<UInt8>) {
        var rest = lines
        while !rest.isEmpty, failure == nil {
            rotateIfDue(before: rest)
            guard failure == nil, var current = file else { return }
            let take = piecePrefix(of: rest, room: current.size)
            let sizeBefore = current.size
            do throws(Errno) {
                try current.write(rest[take])
                count(rest[take])
                file = current
            } catch {
                // The whole lines a short write got in before the failure stay in the file.
                count(rest[take].prefix(current.size - sizeBefore))
                file = current
                fail(current.path, error)
            }
            rest = rest[take.upperBound...]
        }
    }

    /// The lines of `rest` that go in the current piece: all of them, unless rotating by size
    /// says to stop at a line boundary before the limit.
    private func piecePrefix(of rest: ArraySlice<UInt8>, room size: Int) -> Range<Int> {
        guard case .bySize(let limit) = options.rotation, size + rest.count > limit else { return rest.indices }
        let room = max(0, limit - size)
        if let end = rest.prefix(room).lastIndex(of: 0x0A) { return rest.startIndex..<(end + 1) }
        // Not one more line fits: a piece that already has lines is closed (rotateIfDue does it
        // next), and a line longer than the limit fills a piece of its own.
        let firstLine = rest.firstIndex(of: 0x0A).map { $0 + 1 } ?? rest.endIndex
        return rest.startIndex..<firstLine
    }

    private func rotateIfDue(before rest: ArraySlice<UInt8>) {
        guard let current = file else { return }
        let isDue: Bool
        switch options.rotation {
        case .never:
            isDue = false
        case .bySize(let limit):
            let firstLine = (rest.firstIndex(of: 0x0A) ?? rest.endIndex) - rest.startIndex + 1
            isDue = current.size > headerSize && current.size + firstLine > limit
        case .hourly:
            isDue = pieceHour != Self.hour(of: options.clock())
        }
        guard isDue else { return }
        closeCurrent()
        guard failure == nil else { return }
        do throws(RecordingError) {
            try open(piece: pieceIndex + 1)
            writeHeader()
        } catch {
            failure = error
        }
    }

    private func open(piece: Int) throws(RecordingError) {
        let name = RecordingPieces.name(path, piece)
        var opened = try RecordingFile(path: name, existing: options.existingFile)
        if options.rotation != .never, !opened.takesPieces {
            _ = opened.closeRemovingIfUnused()
            throw .cannotRotate(path: opened.path)
        }
        file = opened
        pieceIndex = piece
        pieceHour = Self.hour(of: options.clock())
        headerSize = 0
        summary.pieces.append(name.description)
    }

    private func closeCurrent() {
        guard var current = file else { return }
        file = nil
        do throws(Errno) {
            try current.close()
        } catch {
            fail(current.path, error)
        }
    }

    private func writeHeader() {
        guard options.writesHeader, let source, let startedAt, var current = file, current.size == 0 else { return }
        let header = RecordingHeader(device: source.path, baudRate: source.baudRate, startedAt: startedAt).text
        do throws(Errno) {
            try current.write(ArraySlice(header.utf8))
            headerSize = current.size
            file = current
        } catch {
            file = current
            fail(current.path, error)
        }
    }

    /// A file deleted while recording (or its folder) takes every line with it: said once, as
    /// the failure that stops the recording.
    private func checkStillNamed() {
        guard failure == nil, let file, file.isRemoved else { return }
        failure = .removed(path: file.path, lines: summary.lines)
    }

    private func sync() {
        guard var current = file else { return }
        do throws(Errno) {
            try current.sync()
            file = current
        } catch {
            fail(current.path, error)
        }
    }

    private func count(_ lines: ArraySlice<UInt8>) {
        summary.bytes += lines.count
        var lineStart = true
        for byte in lines {
            if lineStart {
                summary.lines += 1
                if byte != UInt8(ascii: "$") && byte != UInt8(ascii: "!") { summary.otherLines += 1 }
            }
            lineStart = byte == 0x0A
        }
    }

    private func drop(_ count: Int) {
        summary.droppedBytes += count
    }

    private func fail(_ path: String, _ errno: Errno) {
        guard failure == nil else { return }
        failure = .cannotWrite(path: path, errno: errno.rawValue, lines: summary.lines)
    }

    private static func hour(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 3600).rounded(.down))
    }
}
