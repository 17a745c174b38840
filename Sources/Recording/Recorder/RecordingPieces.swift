import FoundationEssentials
import Glibc

/// The files of a rotated recording: `FILE` for the first piece, `FILE.N` for the others.
enum RecordingPieces {
    /// `path` for the first piece (0), `path.N` for piece N.
    static func name(_ path: String, _ index: Int) -> String {
        index == 0 ? path : "\(path).\(index)"
    }

    /// The highest N for which `path.N` is there, counting up from 1 (0 for none).
    static func newest(of path: String) -> Int {
        var index = 0
        while FileManager.default.fileExists(atPath: name(path, index + 1)) { index += 1 }
        return index
    }

    /// Every `path.N` in `path`'s folder (N a number from 1), lowest N first: what an earlier
    /// recording into `path` left behind. Empty when the folder cannot be read (opening `path`
    /// then says why).
    static func leftovers(of path: String) -> [String] {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let prefix = (slash.map { String(path[path.index(after: $0)...]) } ?? path) + "."
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let numbers = names.compactMap { name -> Int? in
            guard name.hasPrefix(prefix), let number = Int(name.dropFirst(prefix.count)), number > 0,
                  name.dropFirst(prefix.count).allSatisfy(\.isASCIIDigit) else { return nil }
            return number
        }
        return numbers.sorted().map { self.name(path, $0) }
    }

    /// Removes `path.N` for every N there.
    ///
    /// - Throws: `RecordingError.cannotOpen` naming the piece that could not be removed.
    static func removeLeftovers(of path: String) throws(RecordingError) {
        for piece in leftovers(of: path) where unlink(piece) != 0 && errno != ENOENT {
            throw .cannotOpen(path: piece, errno: errno)
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
