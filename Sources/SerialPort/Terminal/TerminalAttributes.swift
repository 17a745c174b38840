import Glibc
import POSIXSupport

/// Translation between `SerialPort.Configuration` and `termios`: the only place that knows
/// the flag bits. Pure functions; applying them is the caller's business.
enum TerminalAttributes {
    /// `original` switched to raw mode with `configuration`'s framing, or `nil` when the
    /// baud rate has no `B...` constant.
    static func raw(_ original: termios, _ configuration: SerialPort.Configuration) -> termios? {
        guard let speed = speed(for: configuration.baudRate) else { return nil }
        var attributes = original
        cfmakeraw(&attributes)
        attributes.c_iflag = 0
        attributes.c_oflag = 0
        attributes.c_lflag = 0
        attributes.c_cflag &= ~(lineBits | hardwareFlowControl)
        attributes.c_cflag |= tcflag_t(CREAD) | tcflag_t(CLOCAL) | characterSize(configuration.dataBits)
        switch configuration.parity {
        case .none: break
        case .even: attributes.c_cflag |= tcflag_t(PARENB)
        case .odd: attributes.c_cflag |= tcflag_t(PARENB) | tcflag_t(PARODD)
        }
        if configuration.stopBits == .two { attributes.c_cflag |= tcflag_t(CSTOPB) }
        if configuration.flowControl == .rtsCts { attributes.c_cflag |= hardwareFlowControl }
        // The descriptor is non-blocking and reads wait in poll, so these only matter to a
        // process that inherits the settings: give it ordinary "at least one byte" reads.
        withUnsafeMutableBytes(of: &attributes.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        cfsetispeed(&attributes, speed)
        cfsetospeed(&attributes, speed)
        return attributes
    }

    /// The configuration `attributes` describe; `isReadOnly` is not part of `termios`.
    static func configuration(_ attributes: termios, isReadOnly: Bool) -> SerialPort.Configuration {
        let flags = attributes.c_cflag
        let parity: SerialPort.Parity =
            flags & tcflag_t(PARENB) == 0 ? .none : flags & tcflag_t(PARODD) == 0 ? .even : .odd
        var size = SerialPort.DataBits.eight
        for bits in SerialPort.DataBits.allCases where characterSize(bits) == flags & tcflag_t(CSIZE) {
            size = bits
        }
        var copy = attributes
        return SerialPort.Configuration(
            baudRate: baudRate(for: cfgetospeed(&copy)),
            dataBits: size,
            parity: parity,
            stopBits: flags & tcflag_t(CSTOPB) == 0 ? .one : .two,
            flowControl: flags & hardwareFlowControl == 0 ? .none : .rtsCts,
            isReadOnly: isReadOnly
        )
    }

    /// Whether the driver kept the speeds `requested` asks for.
    static func speedMatches(_ applied: termios, _ requested: termios) -> Bool {
        var applied = applied
        var requested = requested
        return cfgetispeed(&applied) == cfgetispeed(&requested)
            && cfgetospeed(&applied) == cfgetospeed(&requested)
    }

    /// Whether the driver kept the framing and raw mode `requested` asks for.
    static func framingMatches(_ applied: termios, _ requested: termios) -> Bool {
        let watched = lineBits | hardwareFlowControl | tcflag_t(CREAD) | tcflag_t(CLOCAL)
        let cookedModes = tcflag_t(ICANON) | tcflag_t(ECHO) | tcflag_t(ISIG)
        return applied.c_cflag & watched == requested.c_cflag & watched
            && applied.c_lflag & cookedModes == 0
    }

    private static let lineBits = tcflag_t(CSIZE) | tcflag_t(PARENB) | tcflag_t(PARODD) | tcflag_t(CSTOPB)
    private static let hardwareFlowControl = tcflag_t(CRTSCTS)

    private static func characterSize(_ bits: SerialPort.DataBits) -> tcflag_t {
        switch bits {
        case .five: tcflag_t(CS5)
        case .six: tcflag_t(CS6)
        case .seven: tcflag_t(CS7)
        case .eight: tcflag_t(CS8)
        }
    }

    private static let speeds: [(SerialPort.BaudRate, speed_t)] = [
        (1200, speed_t(B1200)), (1800, speed_t(B1800)), (2400, speed_t(B2400)),
        (4800, speed_t(B4800)), (9600, speed_t(B9600)), (19200, speed_t(B19200)),
        (38400, speed_t(B38400)), (57600, speed_t(B57600)), (115200, speed_t(B115200)),
        (230400, speed_t(B230400)), (460800, speed_t(B460800)), (500000, speed_t(B500000)),
        (576000, speed_t(B576000)), (921600, speed_t(B921600)),
    ]

    /// The `B...` constant for `rate`, which `cfsetspeed` needs (it rejects plain numbers).
    static func speed(for rate: SerialPort.BaudRate) -> speed_t? {
        speeds.first { $0.0 == rate }?.1
    }

    /// The rate of a `B...` constant; a constant outside the standard rates reads as 0.
    static func baudRate(for speed: speed_t) -> SerialPort.BaudRate {
        speeds.first { $0.1 == speed }?.0 ?? 0
    }
}

extension TerminalAttributes {
    /// A new pseudo-terminal pair whose slave starts in raw 9600 8N1, so bytes written to the
    /// master before anyone configures the slave are neither echoed nor translated.
    static func openRawPseudoTerminal() -> Result<(master: CInt, slave: CInt), Errno> {
        var attributes = termios()
        cfmakeraw(&attributes)
        guard let raw = raw(attributes, SerialPort.Configuration()) else { return .failure(.EINVAL) }
        return Syscalls.openpty(raw).map { (master: $0.0, slave: $0.1) }
    }
}
