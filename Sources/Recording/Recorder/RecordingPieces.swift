import FoundationEssentials
import Glibc

/// The files of a rotated recording: `FILE` for the first piece, `FILE.N` for the others.
///
/// Only the names the recorder makes are pieces: `FILE.N` with N from 1, written without
/// leading zeros. `FILE.01`, `FILE.0`, `FILE.1.bak` are someone else's files: never refused,
/// never removed, never appended to.
enum RecordingPieces {
    /// `path` for the first piece (0), `path.N` for piece N.
    static func name(_ path: String, _ index: Int) -> String {
        index == 0 ? path : "\(path).\(index)"
    }

    /// The highest N for which `path.N` is there (0 for none), whatever the gaps below it:
    /// the piece `.append` goes on in.
    static func newest(of path: String) -> Int {
        numbers(of: path).last ?? 0
    }

    /// Every `path.N` there, lowest N first: what an earlier recording into `path` left behind,
    /// gaps and all. Each is the name of a file found in `path`'s folder. Empty when the folder
    /// cannot be read (opening `path` then says why).
    static func leftovers(of path: String) -> [String] {
        numbers(of: path).map { name(path, $0) }
    }

    /// Removes `path.N` for every N there.
    ///
    /// - Throws: `RecordingError.cannotOpen` naming the piece that could not be removed.
    static func removeLeftovers(of path: String) throws(RecordingError) {
        for piece in leftovers(of: path) where unlink(piece) != 0 && errno != ENOENT {
            throw .cannotOpen(path: piece, errno: errno)
        }
    }

    /// The N of every `path.N` in `path`'s folder, ascending. A suffix counts only when it is
    /// the number written as `name` writes it, so that `name(path, N)` is the file found.
    private static func numbers(of path: String) -> [Int] {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let prefix = (slash.map { String(path[path.index(after: $0)...]) } ?? path) + "."
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { name -> Int? in
            guard name.hasPrefix(prefix) else { return nil }
            let suffix = name.dropFirst(prefix.count)
            guard let number = Int(suffix), number > 0, String(number) == suffix else { return nil }
            return number
        }.sorted()
    }
}
