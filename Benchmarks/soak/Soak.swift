import Foundation

/// `gps-soak replug [CYCLES]`, `replay FILE`, `flow [HOURS]` and `silence [SECONDS]`: long
/// runs that watch the process's descriptors, memory and CPU time (see docs/Testing.md's "Soak" section and `.ci/soak`).
@main
enum Soak {
    @MainActor
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch (arguments.first, arguments.dropFirst().first) {
        case ("replug", let cycles): await ReplugSoak.run(cycles: cycles.flatMap { Int($0) } ?? 100)
        case ("replay", let path?): await ReplaySoak.run(path: path)
        case ("flow", let hours): await FlowSoak.run(hours: hours.flatMap { Double($0) } ?? 2)
        case ("silence", let seconds): await SilenceSoak.run(seconds: seconds.flatMap { Double($0) } ?? 30)
        default:
            FileHandle.standardError.write(Data("usage: gps-soak replug [CYCLES] | replay FILE | flow [HOURS] | silence [SECONDS]\n".utf8))
            exit(2)
        }
    }
}
