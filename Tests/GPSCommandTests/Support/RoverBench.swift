import Foundation
import Testing
import TestSupport

/// What the `--ntrip` tests run against: RTKLIB's caster serving the F9T log's frames at
/// mountpoint F9T, and `gps simulate`'s receiver, which answers corrections, at a link of its own.
struct RoverBench {
    let caster: RTKLIBCaster
    /// The simulated receiver's stable name.
    let link: String
    let simulator: BackgroundCommand

    /// The caster's mountpoint, as `--ntrip` takes it.
    var url: String { "ntrip://127.0.0.1:\(caster.port)/F9T" }

    /// The caster and the simulator, once the simulator says its link; `nil`, with the reason
    /// printed, without the shared corpus or RTKLIB. The caller stops the caster.
    static func start() async throws -> RoverBench? {
        guard let frames = CorpusFrames.load() else {
            print(CorpusFrames.missingMessage)
            return nil
        }
        guard let caster = try RTKLIBCaster(frames: frames, mountpoint: "F9T") else {
            print(RTKLIBCaster.missingMessage)
            return nil
        }
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("gps-\(UUID().uuidString)").path
        let simulator: BackgroundCommand
        do {
            simulator = try BackgroundCommand(["simulate", "--pty", "--link", link, "--rate", "5"], mergingStandardError: true)
        } catch {
            caster.stop()
            throw error
        }
        #expect(await simulator.waitForOutput { $0.contains("(link: \(link))") })
        return RoverBench(caster: caster, link: link, simulator: simulator)
    }

    /// Waits until the simulated receiver says it reached RTK fixed: the corrections reached it.
    func waitForRTKFixed(sourceLocation: SourceLocation = #_sourceLocation) async {
        #expect(await simulator.waitForOutput { $0.contains("gps: corrections: RTK fixed") }, "\(simulator.output)",
                sourceLocation: sourceLocation)
    }
}
