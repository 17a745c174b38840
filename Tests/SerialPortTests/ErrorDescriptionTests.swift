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
            (.notASerialDevice(path: path, kind: .characterDevice), ["no terminal", "not a serial device", "/dev/ttyACM0", "gps devices"]),
            (.notASerialDevice(path: path, kind: .directory), ["a directory, not a serial device"]),
            (.notASerialDevice(path: path, kind: .regularFile), ["a regular file", "gps replay \(path)"]),
            (.console(path: path), ["is a console", "never reads it or changes its speed", "/dev/ttyACM0"]),
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
        #expect(SerialPortError.notASerialDevice(path: "x", kind: .regularFile).errno == ENOTTY)
        #expect(SerialPortError.console(path: "x").errno == 0)
        #expect(SerialPortError.busy(path: "x", errno: EBUSY).errno == EBUSY)
        #expect(SerialPortError.disconnected(path: "x", errno: 0).errno == 0)
    }

    @Test("only a path that is not a serial device, or a console, is final: the rest may change")
    func finalCases() {
        #expect(SerialPortError.notASerialDevice(path: "x", kind: .directory).isFinal)
        #expect(SerialPortError.console(path: "x").isFinal)
        #expect(!SerialPortError.notFound(path: "x", errno: ENOENT).isFinal)
        #expect(!SerialPortError.busy(path: "x", errno: EBUSY).isFinal)
        #expect(!SerialPortError.permissionDenied(path: "x").isFinal)
        #expect(!SerialPortError.disconnected(path: "x", errno: EIO).isFinal)
    }

    @Test("configurations describe themselves in the usual shorthand")
    func configurationDescription() {
        #expect(SerialPort.Configuration().description == "9600 8N1")
        #expect(SerialPort.Configuration(baudRate: 4800, dataBits: .seven, parity: .even, stopBits: .two,
                                         flowControl: .rtsCts, isReadOnly: true).description == "4800 7E2 RTS/CTS read-only")
    }
}
