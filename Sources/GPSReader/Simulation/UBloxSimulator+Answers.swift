import GNSS
import SerialPort
import UBX

extension UBloxSimulator {
    /// Answers one UBX frame the program wrote.
    func answer(_ frame: [UInt8]) {
        state.withLock { $0.received.append(frame) }
        let id = UBXMessageID(frame[2], frame[3])
        let isCommand = frame.count > 8 && id != .cfgVALGET && !(id == .cfgMSG && frame.count == 10) && !(id == .cfgPRT && frame.count == 9)
        guard !isCommand || !behaviour.silentTo.contains(id) else { return }
        guard !isCommand || !behaviour.refuses.contains(id) else { return acknowledge(id, false) }
        let reply: Reply = frame.withUnsafeBytes { bytes in
            guard let message = UBXMessage(frame: bytes) else { return .none }
            return message.count == 0 ? poll(id) : command(message)
        }
        switch reply {
        case .none: break
        case .message(let bytes) where id.messageClass == 0x06:
            // A CFG poll's answer is followed by an ACK-ACK of the poll, in the same burst.
            send(bytes + UBXAcknowledgement(isAccepted: true, answered: id).frame)
        case .message(let bytes): send(bytes)
        case .acknowledgement(let accepted): acknowledge(id, accepted)
        case .reset:
            acknowledge(id, true)
            // The defaults' speed: as it was before any change, carried at whatever speed.
            writing.withLock { _ in receiver.baudRate = nil }
        case .speed(let speed):
            acknowledge(id, true)
            let talking = behaviour.ignoresSpeedChange ? state.withLock { $0.baudRate } : speed
            if !behaviour.ignoresSpeedChange { state.withLock { $0.baudRate = speed } }
            writing.withLock { _ in receiver.baudRate = SerialPort.BaudRate(rawValue: talking) }
        }
    }

    /// What a frame gets back.
    private enum Reply {
        case none
        case message([UInt8])
        case acknowledgement(Bool)
        /// ACK-ACK, then the port moves to this speed.
        case speed(Int)
        /// ACK-ACK, then the port is back at its first speed.
        case reset
    }

    private func acknowledge(_ id: UBXMessageID, _ accepted: Bool) {
        send(UBXAcknowledgement(isAccepted: accepted, answered: id).frame)
    }

    /// The answer to an empty-payload poll.
    private func poll(_ id: UBXMessageID) -> Reply {
        let settings = state.withLock { $0 }
        switch id {
        case .monVER: return .message(identity.frame)
        case .cfgRATE:
            return .message(CFGRATE(measurementPeriodMilliseconds: UInt16(settings.measurementPeriodMilliseconds)).frame)
        case .cfgGNSS: return .message(gnssBlocks(settings.constellations).frame)
        case .cfgPRT: return .message(port(settings).frame)
        case .navPVT: return .message(UBXFrame.encode(.navPVT, payload: navPVTPayload(epoch: settings.epochs)))
        default: return id.messageClass == 0x06 ? .acknowledgement(false) : .none
        }
    }

    /// The answer to a command or a poll with a payload.
    private func command(_ message: UBXMessage) -> Reply {
        switch message.id {
        case .cfgRATE:
            guard let rate = try? CFGRATE(message), isPossible(Int(rate.measurementPeriodMilliseconds)) else {
                return .acknowledgement(false)
            }
            state.withLock { $0.measurementPeriodMilliseconds = Int(rate.measurementPeriodMilliseconds) }
        case .cfgGNSS:
            guard let gnss = try? CFGGNSS(message), !gnss.enabled.isEmpty else { return .acknowledgement(false) }
            state.withLock { $0.constellations = Set(gnss.enabled) }
        case .cfgPRT where message.count == 1:
            return message.u1(0) == UBXPort.uart1.rawValue ? .message(port(state.withLock { $0 }).frame) : .acknowledgement(false)
        case .cfgPRT:
            guard let port = try? CFGPRT(message), port.port == .uart1, port.baudRate > 0 else { return .acknowledgement(false) }
            let oldSpeed = state.withLock { state in
                state.outputProtocols = port.outputProtocols
                return state.baudRate
            }
            if Int(port.baudRate) != oldSpeed { return .speed(Int(port.baudRate)) }
        case .cfgMSG where message.count == 2:
            let id = UBXMessageID(message.u1(0), message.u1(1))
            let rate = UInt8(clamping: state.withLock { $0.messageRates[id] ?? 0 })
            return .message(CFGMSG(id, rates: [0, rate, 0, 0, 0, 0]).frame)
        case .cfgMSG:
            guard let rates = try? CFGMSG(message), [.navPVT, .navSAT].contains(rates.message) else { return .acknowledgement(false) }
            state.withLock { $0.messageRates[rates.message] = Int(rates.rate(on: .uart1)) }
        case .cfgCFG:
            guard let masks = try? CFGCFG(message) else { return .acknowledgement(false) }
            if masks.clearMask != 0 {
                state.withLock { state in
                    let (received, epochs, resets) = (state.received, state.epochs, state.resets)
                    state = Settings()
                    (state.received, state.epochs, state.resets) = (received, epochs, resets + 1)
                }
            }
            if masks.saveMask != 0 { state.withLock { $0.saves += 1 } }
            if masks.clearMask != 0 { return .reset }
        case .cfgVALSET where generation == .configurationKeys:
            let reply = valsetReply(message)
            if let speed = reply.speed { return .speed(speed) }
            return .acknowledgement(reply.accepted)
        case .cfgVALGET where generation == .configurationKeys:
            guard let request = try? CFGVALGET.Request(message) else { return .acknowledgement(false) }
            let settings = state.withLock { $0 }
            var values: [UBXConfigurationValue] = []
            for key in request.keys {
                guard let value = value(of: key, in: settings) else { return .acknowledgement(false) }
                values.append(UBXConfigurationValue(key, value))
            }
            return .message(CFGVALGET(values, layer: request.layer).frame)
        default:
            return .acknowledgement(false)
        }
        return .acknowledgement(true)
    }

    /// Whether it can measure every `period` milliseconds.
    private func isPossible(_ period: Int) -> Bool {
        period >= shortestPeriodMilliseconds && period <= 65_535
    }
}
