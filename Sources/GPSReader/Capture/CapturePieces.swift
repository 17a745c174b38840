import POSIXSupport
import SerialPort

/// A capture's bytes in pieces: 64 KiB chunks of a file (or standard input, a FIFO) read as
/// they are asked for, or, for a paced replay, one line at a time. Memory stays at one chunk
/// whatever the capture's size.
final class CapturePieces {
    private enum Origin {
        case bytes([UInt8])
        case file(path: String, reader: CaptureFile?)
    }

    /// The largest piece read at once.
    static let chunkSize = 64 * 1024

    private var origin: Origin
    private let splittingLines: Bool
    /// The chunk being cut into lines, and how far it has been cut.
    private var chunk: [UInt8] = []
    private var offset = 0
    private var isExhausted = false

    init(_ capture: Capture, splittingLines: Bool) {
        switch capture {
        case .bytes(let bytes): origin = .bytes(bytes)
        case .file(let path): origin = .file(path: path, reader: nil)
        }
        self.splittingLines = splittingLines
    }

    /// The next piece: a whole chunk, or a line with its line end; `nil` at the end.
    ///
    /// - Throws: `GPSReaderError.captureUnreadable` when the file cannot be opened or read,
    ///   `.captureTruncated` when it ends shorter than what was read of it.
    func nextPiece(isolation actor: isolated (any Actor)? = #isolation) async throws(GPSReaderError) -> [UInt8]? {
        guard splittingLines else { return try await nextChunk() }
        if offset == chunk.count {
            guard let next = try await nextChunk() else { return nil }
            chunk = next
            offset = 0
        }
        let end = chunk[offset...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? chunk.count
        defer { offset = end }
        return Array(chunk[offset..<end])
    }

    private func nextChunk(isolation actor: isolated (any Actor)? = #isolation) async throws(GPSReaderError) -> [UInt8]? {
        guard !isExhausted else { return nil }
        switch origin {
        case .bytes(let bytes):
            isExhausted = true
            origin = .bytes([])
            return bytes.isEmpty ? nil : bytes
        case .file(let path, let openReader):
            let reader: CaptureFile
            if let openReader {
                reader = openReader
            } else {
                do throws(SerialPortError) {
                    reader = try CaptureFile(path: path)
                } catch {
                    throw .captureUnreadable(path: path)
                }
            }
            origin = .file(path: path, reader: reader)
            var failed = false
            var bytes: [UInt8]
            repeat {
                var wouldBlock = false
                // Read into the array's storage as it is made: no zero-filling, no copy.
                bytes = [UInt8](unsafeUninitializedCapacity: Self.chunkSize) { buffer, count in
                    do throws(SerialPortError) {
                        let read = try reader.read(into: UnsafeMutableRawBufferPointer(buffer))
                        wouldBlock = read == nil
                        count = read ?? 0
                    } catch {
                        failed = true
                        count = 0
                    }
                }
                guard wouldBlock else { break }
                // A FIFO or terminal with nothing yet: wait for it, as long as the task runs.
                switch await EventLoop.shared.waitUntilReadable(reader.fd) {
                case .ready, .timedOut: continue
                case .cancelled: return nil
                case .failed: failed = true
                }
            } while !failed
            guard !failed else { throw .captureUnreadable(path: path) }
            guard !bytes.isEmpty else {
                isExhausted = true
                origin = .file(path: path, reader: nil)
                if let size = reader.truncatedSize { throw .captureTruncated(path: path, size: size) }
                return nil
            }
            return bytes
        }
    }
}
