import Foundation

/// A capture's bytes in pieces: 64 KiB chunks of a file read as they are asked for, or, for
/// a pace that counts lines, one line at a time.
final class CaptureSource {
    private enum Origin {
        case bytes([UInt8])
        case file(path: String, handle: FileHandle?)
    }

    private var origin: Origin
    private let splittingLines: Bool
    /// The chunk being cut into lines, and how far it has been cut.
    private var chunk: [UInt8] = []
    private var offset = 0
    private var isExhausted = false

    init(_ capture: NMEALocationProvider.Capture, splittingLines: Bool) {
        switch capture {
        case .bytes(let bytes): origin = .bytes(bytes)
        case .file(let path): origin = .file(path: path, handle: nil)
        }
        self.splittingLines = splittingLines
    }

    /// The next piece: a chunk, or a line with its line end; `nil` at the end.
    ///
    /// - Throws: `GPSReaderError.captureUnreadable` when the file cannot be opened or read.
    func nextPiece() throws(GPSReaderError) -> ArraySlice<UInt8>? {
        if offset == chunk.count {
            guard let next = try nextChunk() else { return nil }
            chunk = next
            offset = 0
        }
        let end = splittingLines
            ? chunk[offset...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? chunk.count
            : chunk.count
        defer { offset = end }
        return chunk[offset..<end]
    }

    private func nextChunk() throws(GPSReaderError) -> [UInt8]? {
        guard !isExhausted else { return nil }
        switch origin {
        case .bytes(let bytes):
            isExhausted = true
            origin = .bytes([])
            return bytes.isEmpty ? nil : bytes
        case .file(let path, let openHandle):
            guard let handle = openHandle ?? FileHandle(forReadingAtPath: path) else {
                throw .captureUnreadable(path: path)
            }
            origin = .file(path: path, handle: handle)
            let data: Data?
            do {
                data = try handle.read(upToCount: 64 * 1024)
            } catch {
                throw .captureUnreadable(path: path)
            }
            guard let data, !data.isEmpty else {
                isExhausted = true
                try? handle.close()
                return nil
            }
            return [UInt8](data)
        }
    }
}
