import Glibc

/// Whether a node may be opened as a serial port, told from its `stat` before any setting of
/// it is touched: a character device a terminal driver claims, and not a console.
enum DeviceNode {
    /// Throws when `info`, the `stat` of `path`, is not a serial device, or is a console.
    ///
    /// - Throws: `.notASerialDevice` for a directory, a regular file, a FIFO, a socket, a block
    ///   device, or a character device no terminal driver claims; `.console` for a console.
    static func check(_ path: String, _ info: Glibc.stat) throws(SerialPortError) {
        guard info.st_mode & S_IFMT == S_IFCHR else {
            throw .notASerialDevice(path: path, kind: SerialPortError.NodeKind(mode: info.st_mode))
        }
        let number = DeviceNumber(info.st_rdev)
        if Consoles.contains(number) { throw .console(path: path) }
        if let drivers = TerminalDrivers.current(), !drivers.claims(number) {
            throw .notASerialDevice(path: path, kind: .characterDevice)
        }
    }
}
