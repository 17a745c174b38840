import Foundation
import NMEA

// nmea-bench [--passes N] [--mixed | --ubx] [--write OUT] [FILE]: frames, validates and decodes
// FILE (or a generated drive log) in memory, every sentence of a type the package knows,
// repeating passes for at least a second (or exactly N passes, for
// instruction counting under callgrind), and prints a summary and, last, one
// JSON line. With --mixed it also delivers every UBX and RTCM 3 frame (without FILE, on a
// generated 50 MB stream of the three protocols); with --ubx it decodes every UBX NAV-PVT and
// NAV-SAT, every field and satellite (without FILE, on a generated 50 MB stream of the two);
// --write OUT writes the input to OUT and exits.

var arguments = Array(CommandLine.arguments.dropFirst())
var fixedPasses: Int?
let isMixed = arguments.contains("--mixed")
let isUBX = arguments.contains("--ubx")
arguments.removeAll { $0 == "--mixed" || $0 == "--ubx" }
var writePath: String?
if let flag = arguments.firstIndex(of: "--write"), flag + 1 < arguments.count {
    writePath = arguments[flag + 1]
    arguments.removeSubrange(flag...flag + 1)
}
if let flag = arguments.firstIndex(of: "--passes"), flag + 1 < arguments.count, let count = Int(arguments[flag + 1]), count > 0 {
    fixedPasses = count
    arguments.removeSubrange(flag...flag + 1)
}
if arguments.contains("-h") || arguments.contains("--help") || arguments.count > 1 || arguments.first?.hasPrefix("-") == true
    || (isMixed && isUBX) {
    print("""
        usage: nmea-bench [--passes N] [--mixed | --ubx] [--write OUT] [FILE]
          FILE        NMEA log to parse; without it, a generated 1 Hz drive log (about 8 MB)
          --passes N  run exactly N timed passes instead of at least one second's worth
          --mixed     deliver UBX and RTCM 3 frames too; without FILE, a generated 50 MB
                      stream of NMEA, UBX (NAV-PVT, NAV-SAT) and RTCM 3 (1005, 1077)
          --ubx       decode UBX NAV-PVT and NAV-SAT, every field and satellite; without
                      FILE, a generated 50 MB stream of the two (20-30 satellites)
          --write OUT write the input to OUT and exit
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
} else if isUBX {
    source = "generated UBX stream (NAV-PVT and NAV-SAT of 20 to 30 satellites per second)"
    log = []
    log.reserveCapacity(50_001_000)
    var stream = UBXStream()
    stream.write(into: &log, bytes: 50_000_000)
} else if isMixed {
    source = "generated mixed stream (the drive's NMEA, UBX NAV-PVT and NAV-SAT, RTCM 3 1005 and 1077 per second)"
    log = []
    log.reserveCapacity(50_002_000)
    var stream = MixedStream()
    stream.write(into: &log, bytes: 50_000_000)
} else {
    source = "generated drive log (GGA, GSA, 3 GSV, RMC, VTG per second)"
    log = []
    log.reserveCapacity(8_000_200)
    var drive = SyntheticDrive()
    drive.write(into: &log, bytes: 8_000_000, positionOnly: false)
}

if let writePath {
    guard FileManager.default.createFile(atPath: writePath, contents: Data(log)) else {
        FileHandle.standardError.write(Data("nmea-bench: cannot write \(writePath)\n".utf8))
        exit(1)
    }
    exit(0)
}

let pass = isUBX ? runUBXPass : isMixed ? runMixedPass : runPass
var framer = NMEAFramer()
var passTimes: [Double] = []
/// Each pass's CPU time: the time the thread ran. On a shared machine another runnable thread on
/// the same core stretches a pass's wall time but not this, so this is the code's speed.
var passCPUTimes: [Double] = []
var first: PassResult?
let clock = ContinuousClock()
let started = clock.now
func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}
log.withUnsafeBytes { bytes in
    _ = pass(bytes, &framer)  // warm-up
    while fixedPasses.map({ passTimes.count < $0 }) ?? (passTimes.count < 5 || started.duration(to: clock.now) < .seconds(1)) {
        let passStart = clock.now
        let cpuStart = threadCPUSeconds()
        let result = pass(bytes, &framer)
        passCPUTimes.append(threadCPUSeconds() - cpuStart)
        let elapsed = passStart.duration(to: clock.now)
        passTimes.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        if first == nil { first = result }
        precondition(result == first, "passes over the same bytes must agree")
    }
}

let result = first!
let seconds = passTimes.sorted()[passTimes.count / 2]
let cpuSeconds = passCPUTimes.sorted()[passCPUTimes.count / 2]
let cpuMegabytesPerSecond = Double(log.count) / cpuSeconds / 1e6
/// How much of the passes' wall time the thread ran: below 1, other work shared its core.
let cpuShare = passCPUTimes.reduce(0, +) / passTimes.reduce(0, +)
let linesPerSecond = Double(result.lines) / seconds
let megabytesPerSecond = Double(log.count) / seconds / 1e6
let nanosecondsPerLine = seconds * 1e9 / Double(max(result.lines, 1))
let decodedPerSecond = Double(result.decoded) / seconds

print("input      \(source)")
print("size       \(log.count) bytes, \(result.lines) sentences (\(result.rejected) rejected), \(result.decoded) decoded (\(result.decodeErrors) decode errors, \(result.undecodable) of types without a decoder)")
if isUBX {
    let messagesPerSecond = Double(result.decoded) / seconds
    print("ubx        \(result.binaryFrames) UBX frames, \(result.decoded) NAV-PVT and NAV-SAT decoded (\(result.decodeErrors) decode errors), \(String(format: "%.2f", messagesPerSecond / 1e6)) M messages/s")
}
if isMixed { print("binary     \(result.binaryFrames) UBX and RTCM 3 frames (\(framer.statistics.ubxChecksumFailures + framer.statistics.rtcm3ChecksumFailures) checksums failed over every pass)") }
print("passes     \(passTimes.count), median \(String(format: "%.4f", seconds)) s per pass, \(String(format: "%.4f", cpuSeconds)) s of CPU time (\(String(format: "%.0f", cpuMegabytesPerSecond)) MB/s); the thread ran \(String(format: "%.0f", cpuShare * 100)) % of the time")
print("speed      \(String(format: "%.0f", megabytesPerSecond)) MB/s, \(String(format: "%.2f", linesPerSecond / 1e6)) M sentences/s, \(String(format: "%.2f", decodedPerSecond / 1e6)) M decoded/s, \(String(format: "%.1f", nanosecondsPerLine)) ns/sentence")
print(#"{"bytes":\#(log.count),"lines":\#(result.lines),"rejected":\#(result.rejected),"decoded":\#(result.decoded),"binary_frames":\#(result.binaryFrames),"passes":\#(passTimes.count),"seconds":\#(String(format: "%.6f", seconds)),"sentences_per_second":\#(String(format: "%.0f", linesPerSecond)),"decoded_per_second":\#(String(format: "%.0f", decodedPerSecond)),"mb_per_second":\#(String(format: "%.1f", megabytesPerSecond)),"ns_per_line":\#(String(format: "%.2f", nanosecondsPerLine)),"cpu_seconds":\#(String(format: "%.6f", cpuSeconds)),"cpu_mb_per_second":\#(String(format: "%.1f", cpuMegabytesPerSecond)),"cpu_share":\#(String(format: "%.3f", cpuShare)),"checksum":"\#(result.checksum.digest)"}"#)
