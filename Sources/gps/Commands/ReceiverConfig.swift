import GNSS
import Glibc
import GPSCommandLine
import GPSReader
import POSIXSupport
import UBX

/// `gps config DEVICE …`: a u-blox receiver's settings changed, each change acknowledged, then
/// read back and shown as `gps info` shows them.
@MainActor
enum ReceiverConfig {
    static func run(device: FilePath, baudRate: Int?, request: ConfigRequest) async -> CommandExit.Status {
        if request.reset && !request.confirmed && !confirmReset(device) { return .failure }
        let receiver = ReceiverConfiguration(path: device)
        let settings: ReceiverSettings
        switch await ReceiverInfo.read(receiver, device: device, baudRate: baudRate) {
        case .settings(let read):
            settings = read
        case .failed(let status):
            await receiver.close()
            return status
        }
        let steps: [ConfigurationStep]
        do throws(ReceiverConfigurationError) {
            steps = try ReceiverConfiguration.steps(for: changes(request), from: settings)
        } catch {
            printError("gps: nothing written: \(error)")
            await receiver.close()
            return .failure
        }
        printError("gps: \(device): u-blox \(settings.identity.module ?? "receiver"), "
            + "protocol \(settings.identity.protocolVersion?.description ?? "unknown"): "
            + (settings.identity.generation == .legacy ? "legacy CFG messages" : "configuration keys (CFG-VALSET)"))
        let outcome = await receiver.apply(steps)
        var lines: [String] = []
        for step in steps {
            if outcome.applied.contains(step) {
                lines.append("applied: \(step.summary)")
            } else if let error = outcome.failed.first(where: { $0.step == step })?.error {
                switch error {
                case .refused: lines.append("refused: the receiver refused \(step.summary) (ACK-NAK to \(step.message)); it changed nothing")
                case .silent: lines.append("no answer: \(step.summary): \(error)")
                default: lines.append("failed: \(step.summary): \(error)")
                }
            } else {
                lines.append("not tried: \(step.summary)")
            }
        }
        if let speed = outcome.speed { lines.append("speed: \(speed)") }
        StandardOutput.write(lines.map { $0 + "\n" }.joined())
        let total = steps.count
        if outcome.isComplete {
            printError("gps: \(total == 1 ? "the change was" : "all \(total) changes were") acknowledged")
        } else {
            printError("gps: \(outcome.applied.count) of \(total) changes acknowledged; not applied: "
                + (outcome.failed.map(\.step) + outcome.notTried).map(\.summary).joined(separator: "; "))
        }
        if let after = await readBack(receiver, device: device) {
            StandardOutput.write("\nnow:\n" + SettingsScreen.text(after))
        }
        await receiver.close()
        return outcome.isComplete ? .success : .failure
    }

    /// The settings polled again after the changes; `nil`, said on standard error, when the
    /// receiver no longer answers.
    private static func readBack(_ receiver: ReceiverConfiguration, device: FilePath) async -> ReceiverSettings? {
        do throws(ReceiverConfigurationError) {
            return try await receiver.readSettings()
        } catch {
            printError("gps: cannot read the settings back: \(error)")
            return nil
        }
    }

    /// The library's changes for the command line's request.
    static func changes(_ request: ConfigRequest) -> ReceiverChanges {
        let output: UBXProtocols? = request.output.map {
            switch $0 {
            case .nmea: [.nmea]
            case .ubx: [.ubx]
            case .both: [.ubx, .nmea]
            }
        }
        return ReceiverChanges(
            measurementPeriodMilliseconds: request.hertz.map { Int((1000 / $0).rounded()) },
            constellations: request.constellations.map { Set($0.map(Constellation.init(rawValue:))) },
            baudRate: request.newBaudRate, outputProtocols: output,
            messageRates: request.messages.map {
                ReceiverChanges.MessageRate($0.name == "NAV-SAT" ? .navSAT : .navPVT, rate: $0.rate)
            },
            save: request.save, resetToDefaults: request.reset)
    }

    /// Asks on the terminal whether to reset; without a terminal, says `--yes` is needed.
    private static func confirmReset(_ device: FilePath) -> Bool {
        guard isatty(STDIN_FILENO) == 1 else {
            printError("gps: --reset erases the receiver's saved configuration: confirm with --yes (nothing written)")
            return false
        }
        StandardOutput.write("Reset \(device) to the firmware's defaults, erasing its saved configuration? [y/N] ", to: STDERR_FILENO)
        let answer = readLine()?.lowercased()
        guard answer == "y" || answer == "yes" else {
            printError("gps: not reset")
            return false
        }
        return true
    }
}
