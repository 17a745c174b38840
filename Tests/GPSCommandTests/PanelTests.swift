import Foundation
import Glibc
import SerialPort
import Locking
import Testing
import TestSupport

/// `gps read` on a real terminal (tmux) shows the live panel, redrawn in place, through every
/// state: acquiring, 3D fix, lost, device unplugged. A virtual receiver the test drives is
/// the device.
@Suite(
    "gps panel on a terminal",
    .enabled(if: CommandRunner.gpsPath != nil, "\(CommandRunner.missingMessage)"),
    .enabled(if: TerminalSession.tmuxPath != nil, "\(TerminalSession.missingMessage)"))
struct PanelTests {
    @Test("acquiring → 3D fix → lost → device unplugged, in place, without scrolling")
    func states() async throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("gps-\(UUID().uuidString)").path
        let receiver = try VirtualReceiver(linkPath: link)
        try await TerminalSession.run(["read", link]) { terminal in
            let status = { (words: String) in { (row: String) in row.hasPrefix(" Status") && row.contains(words) } }

            #expect(try await terminal.waitForRow(where: status("acquiring satellites")))
            let withFix = LockedState(false)
            let transmitter = detachedOnThreadOfItsOwn {
                var second = 0
                while !Task.isCancelled {
                    let time = String(format: "10%02d%02d", second / 60 % 60, second % 60)
                    let sentences = withFix.withLock { $0 } ? epoch(time) : epoch(time, status: "V", quality: "0")
                    try? receiver.send(Array(sentences.map(sentence).joined().utf8), timeout: .milliseconds(5))
                    second += 1
                    try? await Task.sleep(for: .milliseconds(50))
                }
            }
            defer { transmitter.cancel() }
            #expect(try await terminal.waitForRow(where: { $0.hasPrefix(" Time (UTC)") && $0.contains("-") }))
            #expect(try await terminal.screen().contains(where: status("acquiring satellites")), "epochs without a fix")

            withFix.withLock { $0 = true }
            #expect(try await terminal.waitForRow(where: status("3D fix")))
            #expect(try await terminal.waitForRow(where: { $0.hasPrefix(" Latitude") && $0.contains("48.117300° N") }))

            transmitter.cancel()  // the receiver goes quiet: after 3 s the fix is lost
            #expect(try await terminal.waitForRow(where: status("lost")))
            receiver.unplug()
            // Shown until the provider's next check (2 s) finds no device: looked for in what
            // was drawn, not on the screen now.
            #expect(try await terminal.waitForDrawn("device unplugged"))

            // What to do about the missing device is above the panel, whole.
            #expect(try await terminal.waitForRow(where: { $0.hasPrefix("gps: device not found: No device at \(link)") }))
            let screen = try await terminal.screen()
            let title = try #require(screen.firstIndex { $0.hasPrefix(" gps · \(link)") }, "\(screen)")
            let above = screen.prefix(title)
            #expect(above.allSatisfy { !$0.hasPrefix(" ") }, "only messages above the panel: \(screen)")
            #expect(try await terminal.scrolledLines() == 0, "redrawn in place, nothing scrolled")
            #expect(screen.contains { $0.hasPrefix(" Latitude") && $0.contains("48.117300° N") }, "the last fix stays shown")
        }
    }

    @Test("access denied: the remedy stays in sight above the panel, on a terminal of 24 rows")
    func remedyStaysInSight() async throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("gps-\(UUID().uuidString)").path
        let receiver = try VirtualReceiver(linkPath: link)
        // Like crw-rw---- root:dialout for someone outside the group.
        try #require(chmod(receiver.devicePath, 0o600) == 0)
        try await TerminalSession.run(["read", link, "--wait"], asNobody: true, columns: 100, rows: 24) { terminal in
            #expect(try await terminal.waitForRow(where: { $0.hasPrefix(" Status") && $0.contains("waiting for access (denied)") }))
            let screen = try await terminal.screen()
            #expect(screen.contains { $0.contains("Permission denied opening \(link)") }, "\(screen)")
            #expect(screen.contains { $0.hasPrefix("Waiting for access") }, "\(screen)")
            #expect(screen.first?.hasPrefix("gps: access to the GPS receiver is blocked.") == true, "\(screen)")
        }
    }

    @Test("a failure's remedy is shown whole above the panel, wrapped by an 80-column terminal, as a pipe prints it",
          arguments: ["/tmp/gps-test-no-such-receiver", "gpsd://127.0.0.1:1"])
    func failureRemedyInFull(source: String) async throws {
        // The line the same command prints into a pipe.
        let piped = try Spawned(try #require(CommandRunner.gpsPath), ["read", source], mergingStandardError: true)
        let remedy = { (output: String) in
            output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().first { $0.hasPrefix("gps: ") && $0.count > 80 }
        }
        #expect(await piped.waitForOutput(until: { remedy($0) != nil }), "\(piped.output)")
        piped.signal(SIGINT)
        let output = await piped.waitForExit().output
        let found = try #require(remedy(output))
        let line = String(found)
        try await TerminalSession.run(["read", source], columns: 80, rows: 24) { terminal in
            #expect(try await terminal.waitForRow(where: { $0.hasPrefix(" Status") }))
            let shown = try await terminal.waitForLine(line)
            let screen = try await terminal.joinedScreen()
            #expect(shown, "\(line) on \(screen)")
        }
    }

    @Test("two counts of used satellites are labelled: the receiver's (GGA: 10) and those the GSA lists, marked in the sky below (8)")
    func usedCountsLabelled() async throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("gps-\(UUID().uuidString)").path
        let receiver = try VirtualReceiver(linkPath: link)
        try await TerminalSession.run(["read", link]) { terminal in
            let transmitter = detachedOnThreadOfItsOwn {
                var second = 0
                while !Task.isCancelled {
                    let time = String(format: "10%02d%02d", second / 60 % 60, second % 60)
                    // GGA says 10 in the solution, the GSA lists 8 (a GSA lists at most 12).
                    let sentences = withSatellites(epoch(time)).map { $0.replacingOccurrences(of: ",1,08,0.9,", with: ",1,10,0.9,") }
                    try? receiver.send(Array(sentences.map(sentence).joined().utf8), timeout: .milliseconds(5))
                    second += 1
                    try? await Task.sleep(for: .milliseconds(200))
                }
            }
            defer { transmitter.cancel() }
            let labelled = try await terminal.waitForRow(where: {
                $0.hasPrefix(" Satellites") && $0.contains("10 used (receiver's count; 8 marked below) / 12 in view")
            })
            let screen = try await terminal.screen()
            #expect(labelled, "\(screen)")
            #expect(screen.count { $0.hasSuffix("yes") } == 8, "\(screen)")
        }
    }
}
