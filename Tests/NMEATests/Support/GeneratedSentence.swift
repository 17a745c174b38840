import Foundation

/// Random but well-formed sentence bodies of every decodable type, with
/// empty fields, signs, fractions of many lengths and NMEA 4.1 extras.
enum GeneratedSentence {
    static func body(using random: inout SplitMix64) -> String {
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        func maybe(_ text: @autoclosure () -> String) -> String { random.next() % 5 == 0 ? "" : text() }
        func digits(_ count: Int) -> String { (0..<count).map { _ in String(random.next() % 10) }.joined() }
        func number(_ whole: Int, signed: Bool = false) -> String {
            let sign = signed && random.next() % 3 == 0 ? "-" : ""
            let fraction = Int(random.next() % 5)
            return sign + digits(1 + Int(random.next() % UInt64(whole))) + (fraction == 0 ? "" : "." + digits(fraction))
        }
        func time() -> String {
            String(format: "%02d%02d%02d", random.next() % 24, random.next() % 60, random.next() % 60)
                + pick(["", ".\(digits(1))", ".\(digits(2))", ".\(digits(3))", ".\(digits(6))"])
        }
        func coordinate(_ degreeDigits: Int, _ hemispheres: String) -> String {
            let degrees = String(format: "%0\(degreeDigits)d", random.next() % (degreeDigits == 2 ? 90 : 180))
            let minutes = String(format: "%02d", random.next() % 60) + "." + digits(1 + Int(random.next() % 8))
            return maybe(degrees + minutes + "," + String(pick(Array(hemispheres)))) .ifEmpty(",")
        }
        func letter(_ options: String) -> String { maybe(String(pick(Array(options)))) }
        switch random.next() % 10 {
        case 0:
            return "GPGGA,\(maybe(time())),\(coordinate(2, "NS")),\(coordinate(3, "EW")),\(pick(["0", "1", "2", "6", "8", ""])),"
                + "\(maybe(digits(2))),\(maybe(number(2))),\(maybe(number(4, signed: true))),M,\(maybe(number(2, signed: true))),M,"
                + "\(maybe(number(2))),\(maybe(digits(4)))"
        case 1:
            return "GNRMC,\(maybe(time())),\(letter("AV")),\(coordinate(2, "NS")),\(coordinate(3, "EW")),\(maybe(number(3))),"
                + "\(maybe(number(3))),\(maybe(String(format: "%02d%02d%02d", 1 + random.next() % 28, 1 + random.next() % 12, random.next() % 100))),"
                + "\(pick(["", "\(number(2)),E", "\(number(2)),W"]).ifEmpty(",")),\(letter("ADENS")),\(letter("SCUV"))"
        case 2:
            let used = Int(random.next() % 13)
            let ids = (0..<12).map { index in index < used ? String(1 + random.next() % 200) : "" }
            return "GNGSA,\(letter("AM")),\(pick(["1", "2", "3"])),\(ids.joined(separator: ",")),"
                + "\(maybe(number(2))),\(maybe(number(2))),\(maybe(number(2)))\(pick(["", ",1", ",4", ",F"]))"
        case 3:
            let satellites = (0..<Int(1 + random.next() % 4)).map { _ in
                "\(String(1 + random.next() % 300)),\(maybe(String(random.next() % 91))),\(maybe(String(random.next() % 360))),\(maybe(String(random.next() % 100)))"
            }
            return "GLGSV,3,\(1 + random.next() % 3),\(random.next() % 20),\(satellites.joined(separator: ","))\(pick(["", ",1", ",B"]))"
        case 4:
            return "GPVTG,\(maybe(number(3))),T,\(maybe(number(3))),M,\(maybe(number(3))),N,\(maybe(number(3))),K,\(letter("ADN"))"
        case 5:
            return "GNGLL,\(coordinate(2, "NS")),\(coordinate(3, "EW")),\(maybe(time())),\(letter("AV")),\(letter("ADN"))"
        case 6:
            return "GNGNS,\(maybe(time())),\(coordinate(2, "NS")),\(coordinate(3, "EW")),\(maybe((0..<(1 + random.next() % 6)).map { _ in String(pick(Array("ADNR"))) }.joined())),"
                + "\(maybe(digits(2))),\(maybe(number(2))),\(maybe(number(4, signed: true))),\(maybe(number(2, signed: true))),"
                + "\(maybe(number(2))),\(maybe(String(random.next() % 1024))),\(letter("SCUV"))"
        case 7:
            return "GPZDA,\(maybe(time())),\(maybe(String(format: "%02d", 1 + random.next() % 31))),\(maybe(String(format: "%02d", 1 + random.next() % 12))),"
                + "\(maybe(String(1980 + random.next() % 100))),\(maybe(String(Int(random.next() % 27) - 13))),\(maybe(String(random.next() % 60)))"
        case 8:
            return "GPGST,\(maybe(time()))," + (0..<7).map { _ in maybe(number(3)) }.joined(separator: ",")
        default:
            return "GNHDT,\(maybe(number(3))),T"
        }
    }
}

private extension String {
    func ifEmpty(_ replacement: String) -> String { isEmpty ? replacement : self }
}

/// A small deterministic generator, so a failure names a reproducible case.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }
}
