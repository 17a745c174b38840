import Foundation
import NMEA
import TestSupport

/// The gpsd regression logs in `shared/corpus/gpsd`, and the per-log
/// checksum counts their MANIFEST.md gives.
enum CorpusLogs {
    /// Log file names, sorted; empty when `shared` is absent.
    static let names: [String] = {
        guard let folder = SharedMaterial.gpsdLogs,
              let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return files.filter { $0.hasSuffix(".log") }.sorted()
    }()

    static func bytes(of name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: SharedMaterial.gpsdLogs!.appendingPathComponent(name)))
    }

    /// ok / bad checksum / missing checksum per log, from the manifest's
    /// "lenient" table (a doubled `$$` prefix tolerated).
    static let manifestCounts: [String: (ok: Int, bad: Int, missing: Int)] = {
        guard let url = SharedMaterial.gpsdLogs?.appendingPathComponent("MANIFEST.md"),
              let text = try? String(contentsOf: url, encoding: .utf8),
              let table = text.range(of: "## Per-log checksum counts, lenient") else { return [:] }
        var counts: [String: (Int, Int, Int)] = [:]
        for line in text[table.upperBound...].split(separator: "\n") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 4, cells[0].hasSuffix(".log"),
                  let ok = Int(cells[1]), let bad = Int(cells[2]), let missing = Int(cells[3]) else { continue }
            counts[cells[0]] = (ok, bad, missing)
        }
        return counts
    }()
}

/// One framed line, reduced to what must not depend on how input was split.
enum FramedLine: Equatable {
    case sentence(String)
    case rejected(NMEAError)
}

/// Frames `bytes` in chunks whose sizes cycle through `chunkSizes` (the
/// whole input at once when empty), then finishes the stream.
func frameLines(_ bytes: [UInt8], chunkSizes: [Int] = [],
                configuration: NMEAFramer.Configuration = .init()) -> [FramedLine] {
    var framer = NMEAFramer(configuration: configuration)
    var lines: [FramedLine] = []
    let collect = { (result: Result<NMEASentence, NMEAError>) in lines.append(result.framedLine) }
    bytes.withUnsafeBytes { buffer in
        guard !chunkSizes.isEmpty else { return framer.append(buffer, collect) }
        var offset = 0, index = 0
        while offset < buffer.count {
            let size = min(chunkSizes[index % chunkSizes.count], buffer.count - offset)
            framer.append(UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + size]), collect)
            offset += size
            index += 1
        }
    }
    framer.finish(collect)
    return lines
}
