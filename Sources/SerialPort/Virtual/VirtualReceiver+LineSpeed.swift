import POSIXSupport

extension VirtualReceiver {
    /// The speed the simulated receiver talks at, as one behind a USB-serial bridge does: a
    /// program whose port is set to another speed reads what a UART at that speed makes of the
    /// bits, garbage (see `misclocked(_:sentAt:readAt:)`). `nil`, the default, carries bytes
    /// whatever the port's speed, as a pseudo-terminal or a CDC-ACM receiver does.
    ///
    /// The port's speed is read from the device's `termios` (`tcgetattr`) at each `send` and
    /// each line `play` emits, so a program that changes its speed (baud detection) reads
    /// clean sentences from then on. Changing this is reconfiguring the receiver.
    public var baudRate: SerialPort.BaudRate? {
        get { talkingSpeed.withLock { $0 } }
        set { talkingSpeed.withLock { $0 = newValue } }
    }

    /// `bytes` as the program will read them: unchanged unless the receiver's speed and the
    /// port's differ.
    func onTheLine(_ bytes: [UInt8]) throws(SerialPortError) -> [UInt8] {
        guard let speed = baudRate else { return bytes }
        let portSpeed = try master.withDescriptor("tcgetattr") { _ throws(SerialPortError) in
            try Syscalls.tcgetattr(slave).get { .system(path: devicePath, operation: "tcgetattr", errno: $0.rawValue) }
        }
        let readAt = TerminalAttributes.configuration(portSpeed, isReadOnly: false).baudRate
        return Self.misclocked(bytes, sentAt: speed, readAt: readAt)
    }

    /// What a UART set to `readAt` bit/s decodes from `bytes` sent back to back, 8N1, at
    /// `sentAt` bit/s.
    ///
    /// The receiving UART waits for a start bit (sampling the line 16 times a bit, as UARTs
    /// do), samples eight data bits and the stop bit in the middle of its own bit times, and
    /// then waits for the next start bit. A character whose stop bit reads 0 (a framing error)
    /// comes out as NUL, as Linux's terminal layer delivers it when parity errors are not
    /// marked; after one, the UART waits for the line to go idle.
    static func misclocked(_ bytes: [UInt8], sentAt: SerialPort.BaudRate, readAt: SerialPort.BaudRate) -> [UInt8] {
        guard sentAt != readAt, sentAt.rawValue > 0, readAt.rawValue > 0 else { return bytes }
        let sentBit = 1 / Double(sentAt.rawValue)
        let readBit = 1 / Double(readAt.rawValue)
        let bitCount = bytes.count * 10
        // The line's level at `time` seconds: low for start bits and 0 data bits, else high.
        func isHigh(at time: Double) -> Bool {
            let bit = Int(time / sentBit)
            guard bit < bitCount else { return true }
            switch bit % 10 {
            case 0: return false
            case 9: return true
            case let data: return bytes[bit / 10] >> (data - 1) & 1 == 1
            }
        }
        var decoded: [UInt8] = []
        var time = 0.0
        let end = Double(bitCount) * sentBit
        var waitsForIdle = false
        while time < end {
            let isIdle = isHigh(at: time)
            if isIdle { waitsForIdle = false }
            guard !isIdle, !waitsForIdle else {
                time += readBit / 16  // no start bit yet
                continue
            }
            var byte: UInt8 = 0
            for data in 0..<8 where isHigh(at: time + (1.5 + Double(data)) * readBit) { byte |= 1 << data }
            let framed = isHigh(at: time + 9.5 * readBit)
            decoded.append(framed ? byte : 0)
            waitsForIdle = !framed
            time += 9.5 * readBit
        }
        return decoded
    }
}
