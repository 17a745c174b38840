import GPSCommandLine
import NTRIP

/// A command that holds a receiver, run with `--ntrip` (its corrections fed from a caster,
/// `CorrectionFeed`): the feed connects first, the command runs within its scope, and the feed
/// is closed once the command ends.
@MainActor
enum RTKRun {
    static func run(
        _ command: Command, _ settings: RTKSettings, _ body: @MainActor (Command) async -> CommandExit.Status
    ) async -> CommandExit.Status {
        guard let url = settings.ntrip else { return await body(command) }
        let feed = CorrectionFeed(url)
        feed.start()
        let status = await CorrectionFeed.$current.withValue(feed) { await body(command) }
        await feed.stop()
        return status
    }
}
