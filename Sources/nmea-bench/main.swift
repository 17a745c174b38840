import Foundation
import NMEA

// nmea-bench [--passes N] [FILE]: frames, validates and decodes FILE (or a
// generated drive log) in memory, every sentence of a type the package knows,
// repeating passes for at least a second (or exactly N passes, for
// instruction counting under callgrind), and prints a summary and, last, one
// JSON line.

var arguments = Array(CommandLine.arguments.dropFirst())
var fixedPasses: Int?
if let flag = arguments.firstIndex(of: "--passes"), flag + 1 < arguments.count, let count = Int(arguments[flag + 1]), count > 0 {
    fixedPasses = count
    arguments.removeSubrange(flag...flag + 1)
}
if arguments.contains("-h") || arguments.contains("--help") || arguments.count > 1 || arguments.first?.hasPrefix("-") == true {
    print("""
        usage: nmea-bench [--passes N] [FILE]
          FILE        NMEA log to parse; without it, a generated 1 Hz drive log (about 8 MB)
          --passes N  run exactly N timed passes instead of at least one second's worth
        """)
    exit(arguments.contains("-h") || arguments.contains("--help") ? 0 : 2)
}

let source: String
var log: [UInt8]
if let path = arguments.first {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("nmea-bench: cannot read \(path)\n".utf8))
        exit(1)
    }
    source = path
    log = [UInt8](data)
} else {
    source = "generated drive log (GGA, GSA, 3 GSV, RMC, VTG per second)"
    log = []
    log.reserveCapacity(8_000_200)
    var drive = SyntheticDrive()
    drive.write(into: &log, bytes: 8_000_000, positionOnly: false)
}

var framer = NMEAFramer()
var passTimes: [Double] = []
var first: PassResult?
let clock = ContinuousClock()
let started = clock.now
log.withUnsafeBytes { bytes in
    _ = runPass(over: bytes, framer: &framer)  // warm-up
    while fixedPasses.map({ passTimes.count < $0 }) ?? (passTimes.count < 5 || started.duration(to: clock.now) < .seconds(1)) {
        let passStart = clock.now
        let result = runPass(over: bytes, framer: &framer)
        let elapsed = passStart.duration(to: clock.now)
        passTimes.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        if first == nil { first = result }
        precondition(result == first, "passes over the same bytes must agree")
    }
}

let result = first!
let seconds = passTimes.sorted()[passTimes.count / 2]
let linesPerSecond = Double(result.lines) / seconds
let megabytesPerSecond = Double(log.count) / seconds / 1e6
let nanosecondsPerLine = seconds * 1e9 / Double(max(result.lines, 1))
let decodedPerSecond = Double(result.decoded) / seconds

print("input      \(source)")
print("size       \(log.count) bytes, \(result.lines) sentences (\(result.rejected) rejected), \(result.decoded) decoded (\(result.decodeErrors) decode errors, \(result.undecodable) of types without a decoder)")
print("passes     \(passTimes.count), median \(String(format: "%.4f", seconds)) s per pass")
print("speed      \(String(format: "%.0f", megabytesPerSecond)) MB/s, \(String(format: "%.2f", linesPerSecond / 1e6)) M sentences/s, \(String(format: "%.2f", decodedPerSecond / 1e6)) M decoded/s, \(String(format: "%.1f", nanosecondsPerLine)) ns/sentence")
print(#"{"bytes":\#(log.count),"lines":\#(result.lines),"rejected":\#(result.rejected),"decoded":\#(result.decoded),"passes":\#(passTimes.count),"seconds":\#(String(format: "%.6f", seconds)),"sentences_per_second":\#(String(format: "%.0f", linesPerSecond)),"decoded_per_second":\#(String(format: "%.0f", decodedPerSecond)),"mb_per_second":\#(String(format: "%.1f", megabytesPerSecond)),"ns_per_line":\#(String(format: "%.2f", nanosecondsPerLine))}"#)
