import FoundationEssentials
import SerialPort

/// An epoch of a capture moved to another UTC second: what `gps simulate --clock` sends. Every
/// sentence that carries a time (GGA, RMC, GNS, GST, ZDA, GLL) gets the second's time of day,
/// its fraction zeroed in the capture's own digits, and the sentences that carry a date (RMC,
/// ZDA) get its date; each such sentence's checksum is computed again. Other lines are kept.
struct ClockedEpoch {
    /// The epoch's lines, each with its line end.
    let lines: [String]

    /// The epoch of `bytes` (lines as a receiver sends them).
    init(_ bytes: [UInt8]) {
        var lines: [String] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.endIndex
            lines.append(String(decoding: bytes[start..<end], as: UTF8.self))
            start = end
        }
        self.lines = lines
    }

    /// The epoch's bytes with the time and date of `second` (seconds since 1970, UTC).
    func bytes(at second: Int) -> [UInt8] {
        let digits = Self.digits
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: TimeInterval(second)))
        let stamp = Stamp(
            time: digits(parts.hour!, 2) + digits(parts.minute!, 2) + digits(parts.second!, 2),
            day: parts.day!, month: parts.month!, year: parts.year!)
        return lines.flatMap { Array(Self.retimed($0, stamp).utf8) }
    }

    private struct Stamp {
        let time: String
        let day: Int, month: Int, year: Int
    }

    /// `line` with `stamp`'s time and date where its sentence carries them.
    private static func retimed(_ line: String, _ stamp: Stamp) -> String {
        guard line.hasPrefix("$"), let star = line.lastIndex(of: "*") else { return line }
        var fields = line[line.index(after: line.startIndex)..<star].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard let address = fields.first, address.count >= 5 else { return line }
        let timeField: Int? = switch address.suffix(3) {
        case "GGA", "RMC", "GNS", "GST", "ZDA": 1
        case "GLL": 5
        default: nil
        }
        guard let timeField, timeField < fields.count, fields[timeField].count >= 6 else { return line }
        let fraction = fields[timeField].dropFirst(6).map { $0 == "." ? "." : "0" }.joined()
        fields[timeField] = stamp.time + fraction
        switch address.suffix(3) {
        case "RMC" where fields.count > 9:
            fields[9] = digits(stamp.day, 2) + digits(stamp.month, 2) + digits(stamp.year % 100, 2)
        case "ZDA" where fields.count > 4:
            fields[2] = digits(stamp.day, 2)
            fields[3] = digits(stamp.month, 2)
            fields[4] = digits(stamp.year, 4)
        default:
            break
        }
        let body = fields.joined(separator: ",")
        let checksum: UInt8 = body.utf8.reduce(0, ^)
        // What follows the old checksum: the line end.
        let rest: Substring = line[(line.index(star, offsetBy: 3, limitedBy: line.endIndex) ?? line.endIndex)...]
        let hex = String(checksum, radix: 16, uppercase: true)
        return "$\(body)*\(hex.count < 2 ? "0" + hex : hex)\(rest)"
    }

    /// `value` in decimal, zero-padded to `width` digits.
    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
