import Foundation
import LocationTracking

// region-bench [--regions N] [--fixes N]: what monitoring N circular regions (default 1,000)
// costs per fix, in three layouts of the regions around a 1 Hz drive through Munich, against
// the naive loop that asks the geodesic of every region. Each measure repeats passes over the
// fixes for at least half a second and reports the median; the last line is JSON.

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor
func value(of flag: String, default fallback: Int) -> Int {
    guard let index = arguments.firstIndex(of: flag) else { return fallback }
    guard index + 1 < arguments.count, let number = Int(arguments[index + 1]), number > 0 else {
        FileHandle.standardError.write(Data("region-bench: \(flag) needs a positive integer\n".utf8))
        exit(2)
    }
    arguments.removeSubrange(index...index + 1)
    return number
}
let regionCount = value(of: "--regions", default: 1_000)
let fixCount = value(of: "--fixes", default: 3_600)
if !arguments.isEmpty {
    print("""
        usage: region-bench [--regions N] [--fixes N]
          --regions N  regions monitored (default 1000)
          --fixes N    fixes of the drive per pass (default 3600, an hour at 1 Hz)
        """)
    exit(arguments.contains("-h") || arguments.contains("--help") ? 0 : 2)
}

let drive = BenchDrive.fixes(count: fixCount)
var results: [String: Double] = [:]
print("fixes      \(drive.count) per pass, a 1 Hz drive at up to 14 m/s through central Munich")
print("regions    \(regionCount), circular, monitored from the first fix")
for layout in RegionLayout.allCases {
    let regions = layout.regions(count: regionCount, around: drive)
    let monitored = Measure.run { () -> Int in
        var monitor = RegionMonitor(regions: regions)
        var events = 0
        for fix in drive { monitor.update(with: fix) { _ in events += 1 } }
        return events
    }
    let naive = Measure.run { () -> Int in
        var inside = [Bool?](repeating: nil, count: regions.count)
        var events = 0
        for fix in drive {
            for index in regions.indices {
                let now = regions[index].contains(fix.coordinate)
                if inside[index] != now { events += 1 }
                inside[index] = now
            }
        }
        return events
    }
    let filtered = Measure.run { () -> Int in
        var filter = LocationFilter(desiredAccuracy: 20, distanceFilter: 10, regions: regions)
        var delivered = 0
        for fix in drive where filter.consider(fix).update != nil { delivered += 1 }
        return delivered
    }
    let perFix = monitored.seconds / Double(drive.count) * 1e9
    let naivePerFix = naive.seconds / Double(drive.count) * 1e9
    let filterPerFix = filtered.seconds / Double(drive.count) * 1e9
    print("")
    print("layout     \(layout.rawValue): \(layout.summary)")
    print("monitor    \(String(format: "%9.0f", perFix)) ns per fix, \(String(format: "%6.2f", perFix / Double(regions.count))) ns per region, \(monitored.value) events")
    print("naive      \(String(format: "%9.0f", naivePerFix)) ns per fix (the geodesic of every region), \(String(format: "%.1f", naivePerFix / perFix))x slower")
    print("filter     \(String(format: "%9.0f", filterPerFix)) ns per fix (LocationFilter: accuracy, distance, regions), \(filtered.value) delivered")
    results["\(layout.rawValue)_ns_per_fix"] = perFix
    results["\(layout.rawValue)_naive_ns_per_fix"] = naivePerFix
    results["\(layout.rawValue)_filter_ns_per_fix"] = filterPerFix
}
let fields = results.keys.sorted().map { "\"\($0)\":\(String(format: "%.0f", results[$0]!))" }
print("{\"regions\":\(regionCount),\"fixes\":\(drive.count)," + fields.joined(separator: ",") + "}")
