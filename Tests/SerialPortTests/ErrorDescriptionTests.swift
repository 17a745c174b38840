import Glibc
import Testing
@testable import SerialPort

@Suite("Error messages")
struct ErrorDescriptionTests {
    @Test("each message names the device and what to do")
    func remedies() {
        let path = "/dev/ttyUSB0"
        let cases: [(SerialPortError, [String])] = [
            (.permissionDenied(path: path), ["EACCES", "dialout", "usermod -aG dialout", "60-gps.rules"]),
            (.notPermitted(path: path), ["EPERM"]),
            (.notFound(path: path, errno: ENOENT), ["ENOENT", "Plug the receiver in", "/dev/serial/by-id"]),
            (.busy(path: path, errno: EWOULDBLOCK), ["in use", "fuser", "gpsd"]),
            (.notATerminal(path: path), ["ENOTTY", "/dev/ttyACM0"]),
            (.unsupportedBaudRate(path: path, baudRate: 12345), ["12345", "9600", "921600"]),
            (.disconnected(path: path, errno: EIO), ["disconnected", "EIO", "Plug the receiver back in"]),
            (.system(path: path, operation: "tcsetattr", errno: EINVAL), ["tcsetattr", "EINVAL"]),
        ]
        for (error, phrases) in cases {
            #expect(error.description.contains(path))
            #expect(error.path == path)
            for phrase in phrases {
                #expect(error.description.contains(phrase), "\(error) should mention \(phrase)")
            }
        }
    }

    @Test("errno is the C value behind each case")
    func errnoValues() {
        #expect(SerialPortError.permissionDenied(path: "x").errno == EACCES)
        #expect(SerialPortError.notPermitted(path: "x").errno == EPERM)
        #expect(SerialPortError.notATerminal(path: "x").errno == ENOTTY)
        #expect(SerialPortError.busy(path: "x", errno: EBUSY).errno == EBUSY)
        #expect(SerialPortError.disconnected(path: "x", errno: 0).errno == 0)
    }

    @Test("configurations describe themselves in the usual shorthand")
    func configurationDescription() {
        #expect(SerialPort.Configuration().description == "9600 8N1")
        #expect(SerialPort.Configuration(baudRate: 4800, dataBits: .seven, parity: .even, stopBits: .two,
                                         flowControl: .rtsCts, isReadOnly: true).description == "4800 7E2 RTS/CTS read-only")
    }
}
