import FoundationEssentials
import Glibc
import GNSS

extension DriveCapture {
    /// The satellites of one epoch of the drive: which are in view, how strong, which are used.
    struct Sky {
        /// One constellation's talker, NMEA 4.1 system ID and satellite numbers.
        private struct System {
            let talker: String, systemID: Int, ids: [Int], usedWhenFixed: Int
        }

        private static let systems = [
            System(talker: "GP", systemID: 1, ids: [2, 5, 7, 9, 13, 15, 18, 20, 24, 26, 29, 30], usedWhenFixed: 8),
            System(talker: "GL", systemID: 2, ids: [65, 66, 72, 73, 74, 81, 82, 88], usedWhenFixed: 4),
            System(talker: "GA", systemID: 3, ids: [1, 4, 11, 12, 19, 26, 33], usedWhenFixed: 4),
        ]

        /// Each system's satellites in view: (id, elevation, azimuth, SNR or nil).
        private let inView: [[(id: Int, elevation: Int, azimuth: Int, snr: Int?)]]
        /// Each system's satellites used in the fix.
        private let usedIDs: [[Int]]
        private let second: Int

        /// Second `second` of the cold start: satellites come into view one system after the
        /// other, their signals too weak at first to be tracked, none used.
        init(coldStartSecond second: Int) {
            self.second = second
            inView = Self.systems.enumerated().map { index, system in
                let visible = min(system.ids.count, max(0, (second - index) * 3))
                return system.ids.prefix(visible).enumerated().map { rank, id in
                    let snr = 12 + second * 3 - rank
                    return Self.satellite(id, second: second, snr: snr >= 15 ? snr : nil)
                }
            }
            usedIDs = Self.systems.map { _ in [] }
        }

        /// Second `second` of driving in open sky: every satellite in view, the strongest used.
        init(drivingSecond second: Int) {
            self.second = second
            inView = Self.systems.map { system in
                system.ids.map { Self.satellite($0, second: second, snr: 25 + ($0 * 3 + second / 7) % 20) }
            }
            usedIDs = Self.systems.map { Array($0.ids.prefix($0.usedWhenFixed)) }
        }

        /// Second `second` in the tunnel: a few satellites seen faintly through the entrance,
        /// then none; nothing used.
        init(tunnelSecond second: Int) {
            self.second = second
            inView = Self.systems.map { system in
                system.ids.prefix(max(0, 3 - second)).map { Self.satellite($0, second: second, snr: 14) }
            }
            usedIDs = Self.systems.map { _ in [] }
        }

        /// Every satellite used in the fix.
        var used: [Int] { usedIDs.flatMap { $0 } }

        /// One `GNGSA` per system: mode, the system's satellites used (12 fields), the DOPs
        /// and the NMEA 4.1 system ID.
        func activeSatellites(mode: Int, pdop: Double?, hdop: Double?, vdop: Double?) -> String {
            zip(Self.systems, usedIDs).map { system, ids in
                let fields = (ids.map { FixedDecimal.string($0, minimumDigits: 2) } + Array(repeating: "", count: 12)).prefix(12)
                let dops = [pdop, hdop, vdop].map { $0.map { DriveCapture.fixed($0, 1) } ?? "" }
                return DriveCapture.line(
                    (["GNGSA", "A", "\(mode)"] + fields + dops + ["\(system.systemID)"]).joined(separator: ","))
            }.joined()
        }

        /// Each system's `GSV` sentences, four satellites each; one empty sentence for a system
        /// with none in view.
        var satellitesInView: String {
            zip(Self.systems, inView).map { system, satellites in
                let parts = max(1, (satellites.count + 3) / 4)
                return (0..<parts).map { part in
                    let blocks = satellites.dropFirst(part * 4).prefix(4).map { satellite in
                        FixedDecimal.string(satellite.id, minimumDigits: 2) + "," + FixedDecimal.string(satellite.elevation, minimumDigits: 2) + ","
                            + FixedDecimal.string(satellite.azimuth, minimumDigits: 3) + ","
                            + (satellite.snr.map { FixedDecimal.string($0, minimumDigits: 2) } ?? "")
                    }
                    let header = "\(system.talker)GSV,\(parts),\(part + 1),\(FixedDecimal.string(satellites.count, minimumDigits: 2))"
                    return DriveCapture.line(([header] + blocks).joined(separator: ","))
                }.joined()
            }.joined()
        }

        /// A satellite drifting slowly across the sky.
        private static func satellite(_ id: Int, second: Int, snr: Int?) -> (id: Int, elevation: Int, azimuth: Int, snr: Int?) {
            (id, 15 + (id * 7) % 70, (id * 37 + second / 10) % 360, snr)
        }
    }
}
