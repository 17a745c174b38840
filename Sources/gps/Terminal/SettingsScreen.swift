import FoundationEssentials
import GPSReader
import UBX

/// A u-blox receiver's identity and settings as `gps info` shows them: a screen of labelled
/// lines for a person, or one JSON object for scripts.
enum SettingsScreen {
    /// The lines, each `label  value`.
    static func text(_ settings: ReceiverSettings) -> String {
        let identity = settings.identity
        let protocolText = identity.protocolVersion.map { "protocol \($0)" } ?? "no protocol version"
        let rates = ReceiverSettings.reportedMessages.map { message in
            let rate = settings.messageRates[message] ?? 0
            return "\(message) " + (rate == 0 ? "off" : rate == 1 ? "every epoch" : "every \(rate) epochs")
        }
        let speed = settings.baudRate.map { " at \($0) bit/s" } ?? ""
        let lines = [
            ("receiver", "u-blox \(identity.module ?? "(module not given)"), firmware \(identity.firmware ?? identity.software), \(protocolText)"),
            ("versions", "software \(identity.software), hardware \(identity.hardware)"),
            ("configured", identity.generation.description),
            ("rate", "\(hertz(settings.hertz)) (\(settings.measurementPeriodMilliseconds) ms between measurements)"),
            ("gnss", settings.constellations.isEmpty ? "none" : settings.constellations.map(\.description).joined(separator: ", ")),
            ("port", "\(settings.port)\(speed), in \(settings.inputProtocols), out \(settings.outputProtocols)"),
            ("messages", rates.joined(separator: ", ")),
        ]
        return lines.map { $0.0 + String(repeating: " ", count: 12 - $0.0.count) + $0.1 + "\n" }.joined()
    }

    /// `10 Hz`, `0.5 Hz`.
    private static func hertz(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) Hz" : "\((value * 10).rounded() / 10) Hz"
    }

    /// The settings as JSON, keys sorted, on one line.
    static func json(_ settings: ReceiverSettings) -> String {
        struct Object: Encodable {
            var module: String?, firmware: String?, protocolVersion: String?, generation: String
            var software: String, hardware: String, extensions: [String]
            var measurementPeriodMs: Int, navigationRate: Int, rateHz: Double
            var gnss: [String], port: String, baudRate: Int?, inputProtocols: [String], outputProtocols: [String]
            var messages: [String: Int]
        }
        func names(_ protocols: UBXProtocols) -> [String] {
            [(UBXProtocols.ubx, "UBX"), (.nmea, "NMEA"), (.rtcm2, "RTCM2"), (.rtcm3, "RTCM3")].filter { protocols.contains($0.0) }.map(\.1)
        }
        let identity = settings.identity
        let object = Object(
            module: identity.module, firmware: identity.firmware, protocolVersion: identity.protocolVersion?.description,
            generation: identity.generation.rawValue, software: identity.software, hardware: identity.hardware,
            extensions: identity.extensions, measurementPeriodMs: settings.measurementPeriodMilliseconds,
            navigationRate: settings.navigationRate, rateHz: settings.hertz, gnss: settings.constellations.map(\.description),
            port: settings.port.description, baudRate: settings.baudRate, inputProtocols: names(settings.inputProtocols),
            outputProtocols: names(settings.outputProtocols),
            messages: Dictionary(uniqueKeysWithValues: settings.messageRates.map { ($0.key.description, $0.value) }))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(object)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
