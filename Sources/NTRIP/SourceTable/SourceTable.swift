import LocationTracking

/// A caster's source table: the streams (`STR;` lines) it serves, read from the body of its
/// reply to `GET /`. `CAS;` and `NET;` lines and anything else are skipped; `ENDSOURCETABLE`
/// ends it.
public struct SourceTable: Hashable, Sendable {
    /// The streams, in the caster's order.
    public var entries: [SourceTableEntry]

    /// The table of `text`.
    public init(text: some StringProtocol) {
        var entries: [SourceTableEntry] = []
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            if line.hasPrefix("ENDSOURCETABLE") { break }
            if let entry = SourceTableEntry(line: line) { entries.append(entry) }
        }
        self.entries = entries
    }

    /// A table of `entries`.
    public init(entries: [SourceTableEntry]) {
        self.entries = entries
    }

    /// Whether `bytes` hold the end of a table (`ENDSOURCETABLE`): a 1.0 caster may keep the
    /// connection open after it.
    public static func isComplete(_ bytes: some Collection<UInt8>) -> Bool {
        let marker = Array("ENDSOURCETABLE".utf8)
        guard bytes.count >= marker.count else { return false }
        let array = Array(bytes)
        return (0...(array.count - marker.count)).contains { array[$0..<$0 + marker.count].elementsEqual(marker) }
    }

    /// Up to `count` mountpoints to suggest instead of `mountpoint`: with the receiver's
    /// position, the nearest streams that give one; otherwise the names closest in spelling
    /// (ignoring case), nearest first.
    public func nearest(to mountpoint: String, from position: Coordinate? = nil, count: Int = 3) -> [String] {
        if let position {
            let placed = entries.compactMap { entry in entry.distance(from: position).map { (entry.mountpoint, $0) } }
            if !placed.isEmpty { return placed.sorted { $0.1 < $1.1 }.prefix(count).map(\.0) }
        }
        let wanted = Array(mountpoint.lowercased().utf8)
        return entries.map { ($0.mountpoint, Self.editDistance(wanted, Array($0.mountpoint.lowercased().utf8))) }
            .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
            .prefix(count).map(\.0)
    }

    /// Levenshtein's distance between `a` and `b`: the fewest insertions, deletions and
    /// substitutions that make one the other.
    private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
