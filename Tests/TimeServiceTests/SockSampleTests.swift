import GNSS
import Testing
import TimeService

/// chrony's `struct sock_sample`, byte for byte as refclock_sock.c reads it on 64-bit Linux.
@Suite("chrony's sock_sample")
struct SockSampleTests {
    @Test("40 bytes: timeval, offset (true minus system), pulse 0, leap, pad 0, magic 0x534f434b, native order")
    func layout() {
        let sample = TimeSample(
            receiverTime: SystemTime(seconds: 1_742_032_803, nanoseconds: 0),
            systemTime: SystemTime(seconds: 1_742_032_803, nanoseconds: 100_123_456))
        let bytes = SockSample(sample).bytes
        #expect(bytes.count == 40)
        bytes.withUnsafeBytes { raw in
            #expect(raw.load(fromByteOffset: 0, as: Int64.self) == 1_742_032_803)
            #expect(raw.load(fromByteOffset: 8, as: Int64.self) == 100_123)
            // From the time cut to microseconds: the sum is the receiver's time to the nanosecond.
            #expect(abs(raw.load(fromByteOffset: 16, as: Double.self) + 0.100123) < 1e-12)
            #expect(raw.load(fromByteOffset: 24, as: Int32.self) == 0)
            #expect(raw.load(fromByteOffset: 28, as: Int32.self) == 0)
            #expect(raw.load(fromByteOffset: 32, as: Int32.self) == 0)
            #expect(raw.load(fromByteOffset: 36, as: UInt32.self) == 0x534f_434b)
        }
    }

    @Test("gpsd's default socket for a device: /run/chrony.clk.<name>.sock")
    func defaultPath() {
        #expect(ChronySocket.defaultPath(forDevice: "/dev/ttyACM0") == "/run/chrony.clk.ttyACM0.sock")
    }
}
