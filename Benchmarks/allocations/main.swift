import Glibc
import GNSS
import GPSD
import GPSReader
import NMEA
import UBX

// allocation-check: the claims that decoding, assembling fixes and writing gpsd's JSON make no
// heap allocation per sentence, message or epoch, counted in the optimised static build that
// ships (.ci/release-build builds it; .ci/run runs it). Prints a line per claim; exits 1 when a
// claim fails, 2 when this build cannot count (a debug build, or a dynamic link).

guard AllocationTally.isOptimizedBuild else {
    print("allocation-check: an unoptimised build allocates in for-in loops and generic algorithms; build it with .ci/release-build")
    exit(2)
}
guard AllocationTally.seesSwiftAllocations else {
    print("allocation-check: the count does not see the Swift runtime's allocations in a dynamic link; build it with .ci/release-build")
    exit(2)
}

var claims = AllocationClaims()

do {
    let pvt = UBXEpochs.navPVT(iTOW: 1000, second: 42)
    let sat = UBXEpochs.navSAT(iTOW: 1000, satellites: 28)
    var folded = 0.0
    claims.check("decoding NAV-PVT and every satellite of a NAV-SAT, 100 times", {
        for _ in 0..<100 {
            pvt.withUnsafeBytes { bytes in
                if let decoded = try? NAVPVT(UBXMessage(id: .navPVT, payload: bytes)) { folded += decoded.latitude + (decoded.pdop ?? 0) }
            }
            sat.withUnsafeBytes { bytes in
                guard let view = try? NAVSAT(UBXMessage(id: .navSAT, payload: bytes)) else { return }
                for satellite in view {
                    folded += Double(satellite.carrierToNoise + (satellite.elevation ?? 0) + (satellite.azimuth ?? 0))
                    folded += satellite.pseudorangeResidual + (satellite.isUsed ? 1 : 0) + Double(satellite.satellite.gpsdPRN)
                }
            }
        }
    }, done: { folded > 0 })
}

do {
    let input = NMEAEpochs.text(seconds: 200)
    var framer = NMEAFramer()
    var assembler = FixAssembler()
    var fixes = 0, used = 0
    var latitudes = 0.0, signals = 0.0
    claims.check("framing, decoding and assembling 200 NMEA epochs, satellites included", {
        framer.append(input) { result in
            guard case .success(let sentence) = result else { return }
            assembler.consume(sentence) { epoch in
                guard let location = epoch.location else { return }
                fixes += 1
                latitudes += location.coordinate.latitude
                used += epoch.satellites?.usedCount ?? 0
                signals += epoch.satellites?.bestSignalStrength ?? 0
            }
        }
    }, done: { fixes > 390 && latitudes > 0 && used > 390 * 8 && signals > 390 * 30 })
}

do {
    // A capture's replay as fast as possible: each chunk said as events straight to a sink,
    // which lets each go before the next comes, so the satellites' and the frames' storage is
    // reused.
    let text = NMEAEpochs.text(seconds: 200)
    let chunks = stride(from: 0, to: text.count, by: 4096).map { Array(text[$0..<min($0 + 4096, text.count)]) }
    let stream = EpochStream()
    var fixes = 0, satellites = 0, frames = 0, bytes = 0
    claims.check("saying 200 NMEA epochs' events from 4 KiB chunks (bytes, frames, epochs), as a replay does", {
        for chunk in chunks {
            stream.say(chunk) { event in
                switch event {
                case .bytes(let chunk): bytes += chunk.count
                case .frames(let completed): frames += completed.count
                case .epoch(let epoch):
                    fixes += epoch.location == nil ? 0 : 1
                    satellites += epoch.satellites?.satellites.count ?? 0
                default: break
                }
            }
        }
    }, done: { fixes > 390 && satellites > 390 * 12 && frames > 390 * 7 && bytes == 2 * text.count })
}

do {
    // A device's read: each burst stamped with its arrival, a second apart, so each epoch
    // carries its burst's time (`firstByteTime`), set in the report's storage, which the
    // assembler reuses from epoch to epoch.
    let bursts = NMEAEpochs.bursts(seconds: 200)
    let stream = EpochStream()
    var second = 0, fixes = 0, stamped = 0
    claims.check("saying 200 NMEA epochs' events from bursts stamped with their arrival, as a device's read does", {
        for burst in bursts {
            second += 1
            stream.say(burst, arrivalTime: SystemTime(seconds: second, nanoseconds: 0)) { event in
                guard case .epoch(let epoch) = event else { return }
                fixes += epoch.location == nil ? 0 : 1
                stamped += epoch.firstByteTime == nil ? 0 : 1
            }
        }
    }, done: { fixes > 390 && stamped > 390 })
}

do {
    let input = NMEAEpochs.text(seconds: 200) { time in ["HEHDT,\(Int(time.suffix(2))! % 360).5,T"] }
    var framer = NMEAFramer()
    var assembler = FixAssembler()
    var headings = 0.0, variations = 0.0
    claims.check("assembling 200 NMEA epochs with a heading each", {
        framer.append(input) { result in
            guard case .success(let sentence) = result else { return }
            assembler.consume(sentence) { epoch in
                headings += epoch.location?.heading ?? 0
                variations += epoch.location?.magneticVariation ?? 0
            }
        }
    }, done: { headings > 0 && variations < 0 })
}

do {
    let input = UBXEpochs.frames(seconds: 200)
    let stream = EpochStream()
    var fixes = 0, used = 0
    claims.check("framing and assembling 200 u-blox epochs of NAV-PVT, NAV-SAT and NAV-EOE", {
        stream.append(input) { epoch in
            guard epoch.location != nil else { return }
            fixes += 1
            used += epoch.satellites?.usedCount ?? 0
        }
    }, done: { fixes == 400 && used == 400 * 20 })
}

do {
    let values = [0, -0.0, 1.005, -37.784788333, 48.1374131, 99.995, 12.5, 519.4, 1e17, -1.7e308]
    let precisions = [0, 1, 2, 3, 4, 9, 15]
    var writer = GPSDJSONWriter(capacity: 256)
    claims.check("writing gpsd JSON numbers at every precision and beyond the fast path, 50 objects", {
        for _ in 0..<50 {
            writer.removeAll()
            writer.beginObject(class: "TPV")
            for (index, value) in values.enumerated() {
                writer.field("mode", index - 3)
                for precision in precisions { writer.field("x", value, decimals: precision) }
            }
            writer.endObject()
        }
    }, done: { writer.count > 2000 })
}

do {
    // GPS and GLONASS skies, GSA and GBS: gpsd's derived values (dilutions from the sky's geometry,
    // error estimates) are computed for every epoch.
    let input = NMEAEpochs.text(seconds: 200) { time in
        NMEAEpochs.satellitesInView(talker: "GL") + ["GNGBS,\(time).00,1.0,1.5,3.1,,,,,,"]
    }
    var framer = NMEAFramer()
    var assembler = FixAssembler()
    var reports = GPSDReports(device: nil)
    var writer = GPSDJSONWriter(capacity: 1 << 20)
    claims.check("assembling 200 epochs and writing their gpsd reports, GPS and GLONASS skies, GSA and GBS included", {
        writer.removeAll()
        framer.append(input) { result in
            guard case .success(let sentence) = result else { return }
            assembler.consume(sentence) { epoch in reports.add(epoch) { writer.write($0) } }
        }
    }, done: { writer.count > 200 * 1000 })
}

exit(claims.failures == 0 ? 0 : 1)
