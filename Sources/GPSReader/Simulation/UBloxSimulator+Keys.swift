import GNSS
import UBX

extension UBloxSimulator {
    /// Applies a CFG-VALSET whole, or refuses it whole.
    func valsetReply(_ message: UBXMessage) -> (accepted: Bool, speed: Int?) {
        guard let valset = try? CFGVALSET(message) else { return (false, nil) }
        var settings = state.withLock { $0 }
        let oldSpeed = settings.baudRate
        for value in valset.values {
            guard apply(value, to: &settings) else { return (false, nil) }
        }
        if valset.layers.contains(.flash) { settings.saves += 1 }
        let newSpeed = settings.baudRate
        state.withLock { state in
            let (received, epochs) = (state.received, state.epochs)
            state = settings
            (state.received, state.epochs) = (received, epochs)
            // The speed moves once the ACK-ACK is out.
            state.baudRate = oldSpeed
        }
        return (true, newSpeed != oldSpeed ? newSpeed : nil)
    }

    /// Sets `value` in `settings`; false for a key it does not know or a value it cannot take.
    private func apply(_ value: UBXConfigurationValue, to settings: inout Settings) -> Bool {
        let key = value.key
        if let signal = UBXConfigurationKey.signalKeys.first(where: { $0.key == key }) {
            let constellation = Constellation(rawValue: signal.gnssID)
            if value.value == 0 { settings.constellations.remove(constellation) } else { settings.constellations.insert(constellation) }
            return true
        }
        switch key {
        case .rateMeasurement:
            guard Int(value.value) >= shortestPeriodMilliseconds, value.value <= 65_535 else { return false }
            settings.measurementPeriodMilliseconds = Int(value.value)
        case .uart1BaudRate:
            guard value.value > 0 else { return false }
            settings.baudRate = Int(value.value)
        case .uart1OutputUBX, .uart1OutputNMEA:
            let flag: UBXProtocols = key == .uart1OutputUBX ? .ubx : .nmea
            if value.value == 0 { settings.outputProtocols.remove(flag) } else { settings.outputProtocols.insert(flag) }
        case .navPVTOnUART1: settings.messageRates[.navPVT] = Int(value.value)
        case .navSATOnUART1: settings.messageRates[.navSAT] = Int(value.value)
        case .rateNavigation, .uart1InputUBX, .uart1InputNMEA: return true
        default: return false
        }
        return true
    }

    /// The value of `key` in `settings`; `nil` for a key it does not know.
    func value(of key: UBXConfigurationKey, in settings: Settings) -> UInt64? {
        if let signal = UBXConfigurationKey.signalKeys.first(where: { $0.key == key }) {
            return settings.constellations.contains(Constellation(rawValue: signal.gnssID)) ? 1 : 0
        }
        switch key {
        case .rateMeasurement: return UInt64(settings.measurementPeriodMilliseconds)
        case .rateNavigation: return 1
        case .rateTimeReference: return 1
        case .uart1BaudRate: return UInt64(settings.baudRate)
        case .uart1InputUBX, .uart1InputNMEA: return 1
        case .uart1OutputUBX: return settings.outputProtocols.contains(.ubx) ? 1 : 0
        case .uart1OutputNMEA: return settings.outputProtocols.contains(.nmea) ? 1 : 0
        case .navPVTOnUART1: return UInt64(settings.messageRates[.navPVT] ?? 0)
        case .navSATOnUART1: return UInt64(settings.messageRates[.navSAT] ?? 0)
        default: return nil
        }
    }

    /// Its CFG-GNSS blocks, `enabled` switched on.
    func gnssBlocks(_ enabled: Set<Constellation>) -> CFGGNSS {
        let channels: [(Constellation, UInt8, UInt8)] = [(.gps, 8, 16), (.sbas, 1, 3), (.galileo, 4, 8), (.beidou, 8, 16),
                                                         (.qzss, 0, 3), (.glonass, 8, 14)]
        return CFGGNSS(hardwareChannels: 32, channelsInUse: 32, blocks: channels.map { constellation, reserved, maximum in
            CFGGNSS.Block(constellation: constellation, reservedChannels: reserved, maximumChannels: maximum,
                          flags: 0x0001_0000 | (enabled.contains(constellation) ? 1 : 0))
        })
    }

    /// UART1's CFG-PRT.
    func port(_ settings: Settings) -> CFGPRT {
        CFGPRT(port: .uart1, baudRate: UInt32(settings.baudRate), inputProtocols: [.ubx, .nmea, .rtcm3],
               outputProtocols: settings.outputProtocols)
    }
}
