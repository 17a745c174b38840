import Foundation

/// `gps-soak replug [CYCLES]`, `gps-soak replay FILE` and `gps-soak flow [HOURS]`: long runs
/// that watch the process's descriptors and memory (see the README's "Soak" section and `.ci/soak`).
@main
enum Soak {
    @MainActor
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch (arguments.first, arguments.dropFirst().first) {
        case ("replug", let cycles): await ReplugSoak.run(cycles: cycles.flatMap { Int($0) } ?? 100)
        case ("replay", let path?): await ReplaySoak.run(path: path)
        case ("flow", let hours): await FlowSoak.run(hours: hours.flatMap { Double($0) } ?? 2)
        default:
            FileHandle.standardError.write(Data("usage: gps-soak replug [CYCLES] | replay FILE | flow [HOURS]\n".utf8))
            exit(2)
        }
    }
}
