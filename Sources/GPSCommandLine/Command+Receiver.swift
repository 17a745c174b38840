import CommandLineParsing
import POSIXSupport
import SerialPort

/// The command line of a u-blox receiver's settings: `gps info` and `gps config`.
enum ReceiverCommands {
    static let info = CommandDefinition<Command>(
        "info", "shows a u-blox receiver's identity and settings, read with polls only",
        discussion: "shows what a u-blox receiver is (MON-VER: module, firmware, protocol version, how it is configured) "
            + "and its settings: measurement rate, constellations, the port's speed and protocols, the UBX messages it "
            + "sends. Nothing is written but polls. A receiver that answers none of 3 MON-VER polls, 1 s each, is not u-blox: "
            + "exit status 1",
        operands: [Operands.device], options: [Options.currentBaud, Options.json]
    ) { arguments in
        .info(device: arguments[Operands.device], baudRate: arguments[Options.currentBaud], json: arguments[Options.json])
    }

    static let config = CommandDefinition<Command>(
        "config", "changes a u-blox receiver's rate, constellations, speed and outputs, each change acknowledged",
        discussion: "changes a u-blox receiver's settings: CFG-VALSET configuration keys for protocol 23.01 and later "
            + "(M9, M10, F9), CFG-RATE, CFG-GNSS, CFG-PRT, CFG-MSG and CFG-CFG before (M8), found from MON-VER. Each "
            + "command waits for its ACK-ACK; only what is given is written. After --baud the port is reopened at the "
            + "new speed and the receiver must answer there. The settings are read back and shown as gps info shows "
            + "them. Exit status 0 only when every change was acknowledged; the message says which were and which "
            + "were not. --reset asks on a terminal, or needs --yes",
        operands: [Operands.device],
        options: [Options.rate, Options.gnss, Options.baud, Options.output, Options.message, Options.save, Options.reset,
                  Options.yes, Options.currentBaud]
    ) { arguments throws(UsageProblem) in
        let request = ConfigRequest(
            hertz: arguments[Options.rate], constellations: arguments[Options.gnss], newBaudRate: arguments[Options.baud],
            output: arguments[Options.output], messages: arguments[Options.message], save: arguments[Options.save],
            reset: arguments[Options.reset], confirmed: arguments[Options.yes])
        let changes: [any CommandOption] = [Options.rate, Options.gnss, Options.baud, Options.output, Options.message, Options.save]
        if request.reset, let other = changes.first(where: arguments.isGiven) {
            throw .conflict("--reset cannot be combined with \(other.name): reset first, then configure")
        }
        if request.confirmed && !request.reset { throw .conflict("--yes confirms --reset, which is not given") }
        if !request.reset && !changes.contains(where: arguments.isGiven) {
            throw .conflict("nothing to change: give --rate, --gnss, --baud, --output, --message, --save or --reset")
        }
        return .config(device: arguments[Operands.device], baudRate: arguments[Options.currentBaud], request: request)
    }
}

private enum Operands {
    static let device = Operand("DEVICE", "a u-blox receiver's serial device or a link to one, such as /dev/ttyACM0", kind: .path)
}

private enum Options {
    static let currentBaud = Option(
        "--current-baud", "N", "the speed the receiver talks at now, instead of detecting it", kind: .baudRate)
    static let json = Flag("--json", "print one JSON object instead of the screen")
    static let rate = Option("--rate", "HZ", "navigation solutions per second, such as 10", kind: .hertz)
    static let gnss = Option(
        "--gnss", "LIST", "the constellations to enable, the rest disabled: "
            + ConfigRequest.constellationNames.map(\.name).joined(separator: ","), kind: .constellations)
    static let baud = Option("--baud", "N", "the port's new speed in bit/s, followed to check the receiver answers there",
                             kind: .baudRate)
    static let output = Option("--output", "nmea|ubx|both", "the protocols the port sends", kind: .output)
    static let message = RepeatableOption(
        "--message", "NAME=RATE", "send a UBX message (NAV-PVT, NAV-SAT) every RATE epochs, 0 for never", kind: .messageRate)
    static let save = Flag("--save", "keep the changes across a power cycle (battery-backed RAM and flash)")
    static let reset = Flag("--reset", "reset the configuration to the firmware's defaults (asks first on a terminal)")
    static let yes = Flag("--yes", "confirm --reset without asking")
}

extension ValueKind where Value == Double {
    /// A rate in hertz above 0 and at most 1000 (one measurement per millisecond).
    static let hertz = ValueKind(
        expectation: "a rate in Hz above 0 and at most 1000",
        parse: { text in Double(text).flatMap { $0 > 0 && $0 <= 1000 ? $0 : nil } })
}

extension ValueKind where Value == [UInt8] {
    /// Constellation names separated by commas, each at most once.
    static let constellations = ValueKind(
        expectation: "constellations separated by commas: " + ConfigRequest.constellationNames.map(\.name).joined(separator: ", ")
    ) { text in
        var ids: [UInt8] = []
        for name in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            guard let id = ConfigRequest.constellationNames.first(where: { $0.name == name })?.gnssID, !ids.contains(id) else {
                return nil
            }
            ids.append(id)
        }
        return ids
    }
}

extension ValueKind where Value == ConfigRequest.Output {
    /// `nmea`, `ubx` or `both`.
    static let output = ValueKind(expectation: "nmea, ubx or both") { ConfigRequest.Output(rawValue: $0.lowercased()) }
}

extension ValueKind where Value == ConfigRequest.MessageRate {
    /// `NAV-PVT=1`: a message this command configures, and a rate of 0 to 255.
    static let messageRate = ValueKind(
        expectation: "NAME=RATE with NAME one of " + ConfigRequest.messageNames.joined(separator: ", ") + " and RATE 0 to 255"
    ) { text in
        let parts = text.split(separator: "=", omittingEmptySubsequences: false)
        guard parts.count == 2, ConfigRequest.messageNames.contains(parts[0].uppercased()), let rate = Int(parts[1]),
              (0...255).contains(rate) else { return nil }
        return ConfigRequest.MessageRate(name: parts[0].uppercased(), rate: rate)
    }
}
