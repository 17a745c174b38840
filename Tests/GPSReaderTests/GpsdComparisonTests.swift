import Foundation
import Testing
import TestSupport

/// Every gpsd corpus log through `FixAssembler`, compared epoch by epoch (same UTC time of
/// day) with the TPV reports of Debian's gpsd 3.22 that have a fix (mode 2 or 3): day,
/// latitude, longitude, altitude above sea level, and the 2D/3D mode where a GSA gives ours.
///
/// gpsd 3.22 moves every date before 2019 forward by 1024 weeks (its GPS week-rollover
/// correction, applied since the machine's clock is far past the log's date); that difference
/// is counted (`rolloverDates`) and allowed everywhere. Every other difference is listed below
/// per log, with why; a log not listed must agree on every compared epoch.
///
/// Serialized: each case decodes a whole log without a suspension point, and the cooperative pool
/// has a thread per core, so 37 of them at once would hold both threads for the whole of an ASan
/// run and starve the suite's other tests of the pool (their device tests' access checks).
@Suite("gpsd 3.22 comparison", .serialized, .enabled(if: SharedMaterial.gpsdLogs != nil, "\(SharedMaterial.missingMessage)"))
struct GpsdComparisonTests {
    /// The differences that are understood, as counts of the tally's fields.
    private struct KnownDifference {
        var positions = 0, altitudes = 0, modes = 0, onlyGpsd = 0, onlyOurs = 0
        let why: String
    }

    private static let known: [String: KnownDifference] = [
        "bundg_zeus_9.log": KnownDifference(positions: 25, why: """
            A chartplotter multiplexer whose sentences disagree on the time: its RMC carries the previous \
            second's GGA position under the next second's time, and at times its GLL is stamped a second \
            ahead of the GGA it follows. Our epoch of such a second ends at the learned cycle ender (the \
            last GSV) with the GGA's position; gpsd's last report of that second carries the RMC's.
            """),
        "ch-4711.log": KnownDifference(modes: 7, why: "GSA says 2D; gpsd 3.22 reports 3D whenever GGA has an altitude."),
        "foretrex-201.log": KnownDifference(altitudes: 1, modes: 6, onlyOurs: 1, why: """
            GSA says 2D; gpsd 3.22 reports 3D whenever GGA has an altitude. gpsd takes one altitude from \
            Garmin's PGRMZ (feet: -9.144 m) instead of GGA's -9.1 m. The last epoch is cut off by the end \
            of the log: we report it at the end of the stream, gpsd does not.
            """),
        "iTrek.log": KnownDifference(modes: 1, why: "GSA says 2D; gpsd 3.22 reports 3D from GGA's altitude."),
        "mtk-3301.log": KnownDifference(modes: 1, onlyOurs: 1, why: """
            GSA says 2D; gpsd 3.22 reports 3D from GGA's altitude. gpsd reports nothing for the first \
            epoch with a fix, right after the receiver's clock jumps from 1980 to 2008.
            """),
        "rgm3800.log": KnownDifference(modes: 1, onlyOurs: 1, why: """
            GSA says 2D; gpsd 3.22 reports 3D from GGA's altitude. gpsd reports nothing for the first \
            epoch with a fix, right after the receiver's clock jumps from 1980 to 2008.
            """),
        "beidou-bd.log": KnownDifference(onlyOurs: 1, why: "gpsd reports nothing for the first epoch with a fix, right after the no-fix ones."),
        "bt451.log": KnownDifference(onlyOurs: 2, why: "The last epoch of each of the log's segments: we report it when the next segment (or the log) begins; gpsd does not."),
        "gp-320fw-2019-04-06-overflow.log": KnownDifference(onlyOurs: 1, why: "gpsd reports nothing for 23:57:26, the third epoch, while it settles on its cycle."),
        "venus634lp.log": KnownDifference(onlyOurs: 1, why: "The log ends inside the last epoch (its RMC alone): we report it at the end of the stream, gpsd does not."),
        "furuno_gl_ga.log": KnownDifference(onlyOurs: 15, why: """
            GNGNS mode "NDD" starts with N (no GPS fix); gpsd 3.22 takes that as no fix for the whole epoch, \
            though RMC says A/D and GGA quality 2. We read the first constellation's letter that has a fix (D).
            """),
        "hemi.log": KnownDifference(onlyOurs: 15, why: "GGA quality 1 with 00 satellites in use: gpsd 3.22 reports no fix, we trust the quality."),
        "hp58534a.log": KnownDifference(onlyGpsd: 1, why: "No sentence has a checksum: our framer rejects them all (as gpsd master does); gpsd 3.22 accepts them."),
        "humminbird-M37.log": KnownDifference(onlyOurs: 2, why: """
            At 0.5 Hz, with INGLL and INGGA filling the seconds between the INRMCs: gpsd reports nothing for \
            the first GLL (19:41:02) and GGA (19:41:04) epochs while it settles on the cycle; we report them.
            """),
    ]

    @Test("every compared epoch agrees, but for the known differences", arguments: GpsdComparison.logNames)
    func agreesPerEpoch(log: String) async throws {
        let comparison = try await offThePool { try GpsdComparison.of(log) }
        let tally = comparison.tally
        let expected = Self.known[log] ?? KnownDifference(why: "none")
        #expect(tally.otherDates == 0, "\(comparison.examples)")
        #expect(tally.positions == expected.positions, "\(expected.why) \(comparison.examples)")
        #expect(tally.altitudes == expected.altitudes, "\(expected.why) \(comparison.examples)")
        #expect(tally.modes == expected.modes, "\(expected.why) \(comparison.examples)")
        #expect(tally.onlyGpsd == expected.onlyGpsd, "\(expected.why) \(comparison.examples)")
        #expect(tally.onlyOurs == expected.onlyOurs, "\(expected.why) \(comparison.examples)")
    }

    @Test("the comparison covers the corpus: over a thousand epochs, nearly all identical")
    func coverage() async throws {
        let tallies = try await offThePool { try GpsdComparison.logNames.map { try GpsdComparison.of($0).tally } }
        var compared = 0, identical = 0
        for tally in tallies {
            compared += tally.compared
            identical += tally.compared - max(tally.positions, tally.altitudes, tally.modes)
        }
        #expect(GpsdComparison.logNames.count == 37)
        #expect(compared > 1000)
        #expect(identical * 100 >= compared * 90, "\(identical) of \(compared)")
    }
}
