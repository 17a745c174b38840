import GPSReader

/// `gps info DEVICE`: a u-blox receiver's identity and settings, read with polls only.
@MainActor
enum ReceiverInfo {
    static func run(device: String, baudRate: Int?, json: Bool) async -> CommandExit.Status {
        let receiver = ReceiverConfiguration(path: device)
        defer { Task { await receiver.close() } }
        guard let settings = await read(receiver, device: device, baudRate: baudRate) else { return .failure }
        await receiver.close()
        StandardOutput.write(json ? SettingsScreen.json(settings) + "\n" : SettingsScreen.text(settings))
        return .success
    }

    /// Opens `device` and reads its settings; `nil`, having said why on standard error, when it
    /// could not: not opened, not u-blox, a poll unanswered.
    static func read(_ receiver: ReceiverConfiguration, device: String, baudRate: Int?) async -> ReceiverSettings? {
        do throws(ReceiverConfigurationError) {
            try await receiver.open(baudRate: baudRate)
            return try await receiver.readSettings()
        } catch {
            switch error {
            case .silent(.monVER, _):
                printError("gps: \(device) is not a u-blox receiver: no answer to MON-VER within "
                    + "\(describe(receiver.timeout)) (or it talks at another speed: try --current-baud N)")
            default:
                printError("gps: \(device): \(error)")
            }
            return nil
        }
    }

    /// `1 s`, `500 ms`.
    static func describe(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }
}
