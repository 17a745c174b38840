import GNSS
import POSIXSupport
import UBX

extension ReceiverConfiguration {
    /// The port of the receiver a device reaches, for configuration keys (a legacy receiver
    /// says it in its CFG-PRT): the receiver's own USB for `/dev/ttyACM*`, else UART1 (a
    /// USB-serial bridge, a pseudo-terminal).
    public static func port(forPath path: FilePath) -> UBXPort {
        path.bytes.starts(with: Array("/dev/ttyACM".utf8)) ? .usb : .uart1
    }

    /// Identifies the receiver (MON-VER) and reads its settings, with polls only: CFG-RATE,
    /// CFG-GNSS, CFG-PRT and CFG-MSG for a legacy receiver, one CFG-VALGET from RAM for one
    /// that takes configuration keys.
    ///
    /// - Throws: `.silent` when MON-VER is not answered (not a u-blox receiver), or any poll's
    ///   error.
    public func readSettings() async throws(ReceiverConfigurationError) -> ReceiverSettings {
        let identity = try await identify()
        switch identity.generation {
        case .legacy: return try await readLegacySettings(identity)
        case .configurationKeys: return try await readKeys(identity)
        }
    }

    private func readLegacySettings(_ identity: MONVER) async throws(ReceiverConfigurationError) -> ReceiverSettings {
        let rate = try await poll(CFGRATE.poll, answer: .cfgRATE) { message throws(UBXError) in try CFGRATE(message) }
        let gnss = try await poll(CFGGNSS.poll, answer: .cfgGNSS) { message throws(UBXError) in try CFGGNSS(message) }
        let port = try await poll(CFGPRT.poll, answer: .cfgPRT) { message throws(UBXError) in try CFGPRT(message) }
        var rates: [UBXMessageID: Int] = [:]
        for message in ReceiverSettings.reportedMessages {
            let answer = try await poll(CFGMSG.poll(message), answer: .cfgMSG) { message throws(UBXError) in try CFGMSG(message) }
            rates[message] = Int(answer.rate(on: port.port))
        }
        return ReceiverSettings(
            identity: identity, port: port.port, measurementPeriodMilliseconds: Int(rate.measurementPeriodMilliseconds),
            navigationRate: Int(rate.navigationRate), constellations: gnss.enabled,
            baudRate: port.port == .usb ? nil : Int(port.baudRate), inputProtocols: port.inputProtocols,
            outputProtocols: port.outputProtocols, messageRates: rates, gnssBlocks: gnss, portSettings: port)
    }

    private func readKeys(_ identity: MONVER) async throws(ReceiverConfigurationError) -> ReceiverSettings {
        let port = Self.port(forPath: path)
        let keys = Self.portKeys(port)
        var wanted: [UBXConfigurationKey] = [.rateMeasurement, .rateNavigation] + UBXConfigurationKey.signalKeys.map(\.key)
        wanted += [keys.inputUBX, keys.inputNMEA, keys.outputUBX, keys.outputNMEA] + (port == .usb ? [] : [.uart1BaudRate])
        wanted += ReceiverSettings.reportedMessages.compactMap { UBXConfigurationKey.messageOutput($0, on: port) }
        let answer = try await poll(CFGVALGET.Request(wanted).frame, answer: .cfgVALGET) { message throws(UBXError) in
            try CFGVALGET(message)
        }
        func protocols(ubx: UBXConfigurationKey, nmea: UBXConfigurationKey) -> UBXProtocols {
            var protocols: UBXProtocols = []
            if answer[ubx] == 1 { protocols.insert(.ubx) }
            if answer[nmea] == 1 { protocols.insert(.nmea) }
            return protocols
        }
        var rates: [UBXMessageID: Int] = [:]
        for message in ReceiverSettings.reportedMessages {
            if let key = UBXConfigurationKey.messageOutput(message, on: port), let rate = answer[key] { rates[message] = Int(rate) }
        }
        return ReceiverSettings(
            identity: identity, port: port, measurementPeriodMilliseconds: Int(answer[.rateMeasurement] ?? 0),
            navigationRate: Int(answer[.rateNavigation] ?? 1),
            constellations: UBXConfigurationKey.signalKeys.filter { answer[$0.key] == 1 }.map { Constellation(rawValue: $0.gnssID) },
            baudRate: answer[.uart1BaudRate].map(Int.init), inputProtocols: protocols(ubx: keys.inputUBX, nmea: keys.inputNMEA),
            outputProtocols: protocols(ubx: keys.outputUBX, nmea: keys.outputNMEA), messageRates: rates,
            gnssBlocks: nil, portSettings: nil)
    }

    /// The protocol keys of `port`.
    static func portKeys(_ port: UBXPort) -> (inputUBX: UBXConfigurationKey, inputNMEA: UBXConfigurationKey,
                                              outputUBX: UBXConfigurationKey, outputNMEA: UBXConfigurationKey) {
        port == .usb
            ? (.usbInputUBX, .usbInputNMEA, .usbOutputUBX, .usbOutputNMEA)
            : (.uart1InputUBX, .uart1InputNMEA, .uart1OutputUBX, .uart1OutputNMEA)
    }
}
