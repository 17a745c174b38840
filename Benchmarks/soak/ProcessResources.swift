import Foundation

/// What this process holds at one moment, read from `/proc/self`.
struct ProcessResources: Equatable {
    /// Open file descriptors (entries of `/proc/self/fd`, less the one listing them).
    var openDescriptors: Int
    /// Resident memory (`VmRSS` of `/proc/self/status`), in kilobytes.
    var residentKilobytes: Int

    static func now() -> ProcessResources {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
            .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
        return ProcessResources(openDescriptors: descriptors - 1, residentKilobytes: rss)
    }
}

/// Prints one row of a soak's table; the first column says when the sample was taken.
func printRow(_ label: String, _ resources: ProcessResources, _ extra: String = "") {
    let row = [label.padding(toLength: 18, withPad: " ", startingAt: 0),
               String(resources.openDescriptors).leftPadded(to: 5),
               String(resources.residentKilobytes).leftPadded(to: 9) + " kB", extra]
    print(row.joined(separator: "  "))
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}

/// Waits, polling every few milliseconds, until `condition` holds; exits with a message after
/// `seconds`, so a stuck soak fails instead of hanging.
@MainActor
func waitUntil(_ what: String, seconds: Double = 30, _ condition: () -> Bool) async {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        guard ContinuousClock.now < deadline else {
            FileHandle.standardError.write(Data("gps-soak: gave up waiting for \(what) after \(seconds) s\n".utf8))
            exit(1)
        }
        try? await Task.sleep(for: .milliseconds(2))
    }
}
