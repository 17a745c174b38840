import SerialPort
import Testing

// The example of docs/SerialPort.md ("Usage"), verbatim: if it stops compiling, so do the tests.

/// Reads what the receiver at `path` sends until it is unplugged.
func capture(from path: String) async throws(SerialPortError) -> String {
    let port = try SerialPort(path: path, configuration: .init(baudRate: 9600))
    var text = ""
    do {
        for try await chunk in port.chunks() {
            text += String(decoding: chunk, as: UTF8.self)
        }
    } catch .disconnected {
        // Unplugged: keep what arrived. Any other error goes to the caller.
    }
    return text
}

/// The device to use: a dedicated GPS receiver if one is plugged in, else any USB serial device.
func likelyReceiver() -> SerialPort.Device? {
    let devices = SerialPort.availableDevices()
    return devices.first { $0.knownReceiver?.isDedicated == true } ?? devices.first
}

@Suite("docs/SerialPort.md's example")
struct ReadmeExampleTests {
    @Test("captures what a virtual receiver sends until it is unplugged")
    func example() async throws {
        let receiver = try VirtualReceiver()
        // Sent before the port opens, and flushed by the open: once nothing is left unread the
        // port is open, and what follows reaches it. Read instead, it would show in the text.
        try receiver.send(checksummedLine("GPGGA,0"))
        let text = Task { try await capture(from: receiver.devicePath) }
        try await waitUntilDrained(receiver)
        try await receiver.play(checksummedLine("GPGGA,1") + checksummedLine("GPRMC,2"), pace: .linesPerSecond(50))
        try await waitUntilDrained(receiver)
        receiver.unplug()
        #expect(try await text.value == String(decoding: checksummedLine("GPGGA,1") + checksummedLine("GPRMC,2"), as: UTF8.self))
        _ = likelyReceiver()
    }
}
