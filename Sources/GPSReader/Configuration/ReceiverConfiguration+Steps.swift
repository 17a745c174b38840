import GNSS
import UBX

extension ReceiverConfiguration {
    /// The commands that make `changes` on the receiver `settings` describe, in the order they
    /// are written: a reset alone; else the rate, the constellations, the output protocols, the
    /// messages, the speed last but one (so the rest is acknowledged at the speed it was sent
    /// at), and a legacy receiver's save last (so it keeps the new speed too).
    ///
    /// A legacy receiver gets CFG-RATE, CFG-GNSS (its own blocks sent back with only the
    /// enable bits changed), CFG-PRT (its own port settings with only the field changed),
    /// CFG-MSG and CFG-CFG; a later one, CFG-VALSET of the configuration keys into RAM, or
    /// with `save` into RAM, battery-backed RAM and flash (a save with nothing else to set is
    /// CFG-CFG's, on either).
    ///
    /// - Throws: `.notApplicable` for a change this receiver or port cannot take: a speed for
    ///   USB, a message without a configuration key, a rate outside 1…65535 ms.
    public static func steps(for changes: ReceiverChanges, from settings: ReceiverSettings) throws(ReceiverConfigurationError)
        -> [ConfigurationStep]
    {
        if changes.resetToDefaults {
            return [ConfigurationStep("reset to the firmware's defaults", frame: CFGCFG.resetToDefaults.frame)]
        }
        let keys = settings.identity.generation == .configurationKeys
        let layers: UBXConfigurationLayers = changes.save ? .saved : .ram
        func set(_ values: [UBXConfigurationValue]) -> [UInt8] { CFGVALSET(values, layers: layers).frame }
        var steps: [ConfigurationStep] = []
        if let period = changes.measurementPeriodMilliseconds {
            guard (1...65_535).contains(period) else { throw .notApplicable("a rate of \(period) ms is outside 1…65535 ms") }
            let count = (changes.constellations?.count ?? settings.constellations.count)
            let summary = "rate \(hertzText(period)) (\(period) ms, with \(count) constellation\(count == 1 ? "" : "s"))"
            steps.append(ConfigurationStep(summary, frame: keys
                ? set([UBXConfigurationValue(.rateMeasurement, UInt64(period))])
                : CFGRATE(measurementPeriodMilliseconds: UInt16(period)).frame))
        }
        if let constellations = changes.constellations {
            let names = constellations.sorted { $0.rawValue < $1.rawValue }.map(\.description).joined(separator: ", ")
            let frame = keys
                ? set(UBXConfigurationKey.signalKeys.map {
                    UBXConfigurationValue($0.key, constellations.contains(Constellation(rawValue: $0.gnssID)))
                })
                : (settings.gnssBlocks ?? CFGGNSS(blocks: [])).enabling(only: constellations).frame
            steps.append(ConfigurationStep("constellations \(names)", frame: frame))
        }
        if let output = changes.outputProtocols {
            let portKeys = portKeys(settings.port)
            let frame: [UInt8]
            if keys {
                frame = set([UBXConfigurationValue(portKeys.outputUBX, output.contains(.ubx)),
                             UBXConfigurationValue(portKeys.outputNMEA, output.contains(.nmea))])
            } else {
                var port = try legacyPort(settings)
                port.outputProtocols = output.union(port.outputProtocols.subtracting([.ubx, .nmea]))
                frame = port.frame
            }
            steps.append(ConfigurationStep("output \(output) on \(settings.port)", frame: frame))
        }
        for change in changes.messageRates {
            let rate = UInt8(clamping: change.rate)
            let frame: [UInt8]
            if keys {
                guard let key = UBXConfigurationKey.messageOutput(change.message, on: settings.port) else {
                    throw .notApplicable("\(change.message) has no output key on \(settings.port) here")
                }
                frame = set([UBXConfigurationValue(key, UInt64(rate))])
            } else {
                frame = CFGMSG(change.message, rate: rate).frame
            }
            let summary = rate == 0 ? "\(change.message) off" : "\(change.message) every \(rate == 1 ? "epoch" : "\(rate) epochs")"
            steps.append(ConfigurationStep(summary, frame: frame))
        }
        if let speed = changes.baudRate {
            guard settings.port != .usb else {
                throw .notApplicable("the receiver is reached over its own USB port, which has no speed: --baud changes nothing")
            }
            let frame: [UInt8]
            if keys {
                frame = set([UBXConfigurationValue(.uart1BaudRate, UInt64(speed))])
            } else {
                var port = try legacyPort(settings)
                port.baudRate = UInt32(speed)
                frame = port.frame
            }
            steps.append(ConfigurationStep("speed \(speed) bit/s", frame: frame, newBaudRate: speed))
        }
        if changes.save && (!keys || steps.isEmpty) {
            steps.append(ConfigurationStep("save to battery-backed RAM and flash", frame: CFGCFG.save.frame))
        }
        return steps
    }

    private static func legacyPort(_ settings: ReceiverSettings) throws(ReceiverConfigurationError) -> CFGPRT {
        guard let port = settings.portSettings else { throw .notApplicable("the receiver's port settings were not read") }
        return port
    }

    /// `10 Hz`, `0.5 Hz`, `3.3 Hz` for a period in milliseconds.
    static func hertzText(_ milliseconds: Int) -> String {
        let tenths = (10_000 + milliseconds / 2) / milliseconds
        return tenths % 10 == 0 ? "\(tenths / 10) Hz" : "\(tenths / 10).\(tenths % 10) Hz"
    }
}
