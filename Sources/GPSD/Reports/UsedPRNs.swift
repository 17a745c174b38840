/// The `PRN`s the last GSA sentences listed as used, as gpsd's sky marks them: those below 1024
/// as one bit each (bit `prn % 64` of word `prn / 64`), so that whether a satellite is used is
/// one test, not a search of a list; any from 1024 up (none that gpsd numbers) in a list.
struct UsedPRNs {
    private var bits = InlineArray<16, UInt64>(repeating: 0)
    private var high: [Int] = []

    /// Forgets every `PRN`.
    @inline(__always)
    mutating func removeAll() {
        bits = InlineArray(repeating: 0)
        if !high.isEmpty { high.removeAll(keepingCapacity: true) }
    }

    /// Adds `prn`.
    @inline(__always)
    mutating func insert(_ prn: Int) {
        if (0..<1024).contains(prn) {
            bits[prn &>> 6] |= 1 &<< UInt64(prn & 63)
        } else {
            high.append(prn)
        }
    }

    /// Whether `prn` was added.
    @inline(__always)
    func contains(_ prn: Int) -> Bool {
        (0..<1024).contains(prn) ? bits[prn &>> 6] & (1 &<< UInt64(prn & 63)) != 0 : high.contains(prn)
    }
}
