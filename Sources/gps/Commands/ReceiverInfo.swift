import GPSReader
import POSIXSupport

/// `gps info DEVICE`: a u-blox receiver's identity and settings, read with polls only.
@MainActor
enum ReceiverInfo {
    static func run(device: FilePath, baudRate: Int?, json: Bool) async -> CommandExit.Status {
        let receiver = ReceiverConfiguration(path: device)
        let read = await read(receiver, device: device, baudRate: baudRate)
        await receiver.close()
        switch read {
        case .settings(let settings):
            StandardOutput.write(json ? SettingsScreen.json(settings) + "\n" : SettingsScreen.text(settings))
            return .success
        case .failed(let status):
            return status
        }
    }

    /// What reading a receiver's settings came to.
    enum Reading {
        /// Its settings.
        case settings(ReceiverSettings)
        /// The exit status, said on standard error.
        case failed(CommandExit.Status)
    }

    /// Opens `device` and reads its settings; else, having said why on standard error, the exit
    /// status: 3 when access is refused, 1 when it could not be opened, is not u-blox, or a poll
    /// went unanswered.
    static func read(
        _ receiver: ReceiverConfiguration, device: FilePath, baudRate: Int?
    ) async -> Reading {
        do throws(ReceiverConfigurationError) {
            try await receiver.open(baudRate: baudRate)
            return .settings(try await receiver.readSettings())
        } catch {
            switch error {
            case .silent(.monVER, _):
                printError("gps: \(device) is not a u-blox receiver: no answer to "
                    + "\(ReceiverConfiguration.identificationAttempts) MON-VER polls, \(describe(receiver.timeout)) "
                    + "each (or it talks at another speed: try --current-baud N)")
            case .accessRefused:
                printError("gps: \(error)")
                return .failed(.accessBlocked)
            default:
                printError("gps: \(device): \(error)")
            }
            return .failed(.failure)
        }
    }

    /// `1 s`, `500 ms`.
    static func describe(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }
}
