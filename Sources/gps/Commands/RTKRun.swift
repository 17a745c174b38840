import GPSCommandLine
import NTRIP

/// A command that holds a receiver, run with `--ntrip` (its corrections fed from a caster,
/// `CorrectionFeed`) or `--caster` (its own served, `BaseCaster`): they start first, the command
/// runs within their scope, and they are closed once it ends.
@MainActor
enum RTKRun {
    static func run(
        _ command: Command, _ settings: RTKSettings, _ body: @MainActor (Command) async -> CommandExit.Status
    ) async -> CommandExit.Status {
        if let endpoint = settings.caster {
            guard let base = BaseCaster(endpoint) else { return .failure }
            let caster = base.caster
            let serving = Task { await caster.run() }
            printError("gps: serving the receiver's RTCM 3 to NTRIP clients on \(endpoint.listen)/\(endpoint.mountpoint)")
            var inner = settings
            inner.caster = nil
            let status = await BaseCaster.$current.withValue(base) { await run(command, inner, body) }
            serving.cancel()
            await serving.value
            return status
        }
        guard let url = settings.ntrip else { return await body(command) }
        let feed = CorrectionFeed(url, ggaInterval: settings.ggaInterval)
        feed.start()
        let status = await CorrectionFeed.$current.withValue(feed) { await body(command) }
        await feed.stop()
        return status
    }
}
