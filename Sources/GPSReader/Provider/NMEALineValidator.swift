import NMEA

/// The sentence validator `SerialPort.detectBaudRate` asks for, built on `NMEA`: a line
/// passes when it is one well-formed sentence with a correct checksum.
public enum NMEALineValidator {
    /// Whether `line` (without its line end) is a valid NMEA sentence; allocation-free.
    ///
    /// - Parameter line: The bytes of one line.
    /// - Returns: `true` for a well-formed sentence with a matching `*hh` checksum.
    public static func isValidSentence(_ line: UnsafeRawBufferPointer) -> Bool {
        (try? NMEASentence.withParsed(bytes: line) { _ in true }) ?? false
    }
}
