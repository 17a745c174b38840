import Glibc
import POSIXSupport

/// The files of a rotated recording: `FILE` for the first piece, `FILE.N` for the others.
///
/// Only the names the recorder makes are pieces: `FILE.N` with N from 1, written without
/// leading zeros. `FILE.01`, `FILE.0`, `FILE.1.bak` are someone else's files: never refused,
/// never removed, never appended to. Names are bytes, UTF-8 or not, as `FILE` is.
enum RecordingPieces {
    /// `path` for the first piece (0), `path.N` for piece N.
    static func name(_ path: FilePath, _ index: Int) -> FilePath {
        index == 0 ? path : FilePath(bytes: path.bytes + ".\(index)".utf8)
    }

    /// The highest N for which `path.N` is there (0 for none), whatever the gaps below it:
    /// the piece `.append` goes on in.
    static func newest(of path: FilePath) -> Int {
        numbers(of: path).last ?? 0
    }

    /// Every `path.N` there, lowest N first: what an earlier recording into `path` left behind,
    /// gaps and all. Each is the name of a file found in `path`'s folder. Empty when the folder
    /// cannot be read (opening `path` then says why).
    static func leftovers(of path: FilePath) -> [FilePath] {
        numbers(of: path).map { name(path, $0) }
    }

    /// Removes `path.N` for every N there.
    ///
    /// - Throws: `RecordingError.cannotOpen` naming the piece that could not be removed.
    static func removeLeftovers(of path: FilePath) throws(RecordingError) {
        for piece in leftovers(of: path) where piece.withCString(unlink) != 0 && errno != ENOENT {
            throw .cannotOpen(path: piece.description, errno: errno)
        }
    }

    /// The N of every `path.N` in `path`'s folder, ascending. A suffix counts only when it is
    /// the number written as `name` writes it, so that `name(path, N)` is the file found.
    private static func numbers(of path: FilePath) -> [Int] {
        let bytes = path.bytes
        let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { $0 == 0 ? FilePath("/") : FilePath(bytes: bytes[..<$0]) } ?? FilePath(".")
        let prefix = Array(slash.map { bytes[($0 + 1)...] } ?? bytes[...]) + [UInt8(ascii: ".")]
        return names(in: folder).compactMap { name -> Int? in
            guard name.starts(with: prefix) else { return nil }
            let suffix = String(decoding: name.dropFirst(prefix.count), as: UTF8.self)
            guard let number = Int(suffix), number > 0, String(number) == suffix else { return nil }
            return number
        }.sorted()
    }

    /// The names in `folder`, as bytes (`readdir`); empty when it cannot be read.
    private static func names(in folder: FilePath) -> [[UInt8]] {
        guard let directory = folder.withCString(opendir) else { return [] }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) })
        }
        return names
    }
}
