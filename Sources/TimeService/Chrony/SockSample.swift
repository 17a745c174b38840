import GNSS

/// chrony's `struct sock_sample` (refclock_sock.c), the datagram its SOCK refclock reads: 40
/// bytes on 64-bit Linux, in the machine's byte order. chronyd drops a datagram of any other
/// length or magic without a word.
///
/// | offset | field | here |
/// |---|---|---|
/// | 0 | `struct timeval tv` | the system time, seconds and microseconds |
/// | 16 | `double offset` | true minus system time, seconds |
/// | 24 | `int pulse` | 0: a time of day, not a pulse |
/// | 28 | `int leap` | the leap indicator |
/// | 32 | `int _pad` | 0 |
/// | 36 | `int magic` | 0x534f434b ("SOCK") |
public struct SockSample: Hashable, Sendable {
    /// The datagram's length: 40 bytes.
    public static let size = 40
    /// `SOCK_MAGIC`.
    public static let magic: Int32 = 0x534f_434b

    /// The system time's whole seconds (`tv.tv_sec`).
    public var seconds: Int64
    /// The system time's microseconds (`tv.tv_usec`), 0 ..< 1,000,000.
    public var microseconds: Int64
    /// True minus system time at `tv`, in seconds.
    public var offset: Double
    /// The leap indicator (0: none).
    public var leap: Int32

    /// The datagram for `sample`: the system time cut to microseconds, as `struct timeval`
    /// holds it, and the offset from that cut time, so no nanosecond is lost.
    public init(_ sample: TimeSample) {
        seconds = Int64(sample.systemTime.seconds)
        microseconds = Int64(sample.systemTime.nanoseconds / 1000)
        let cut = SystemTime(seconds: sample.systemTime.seconds, nanoseconds: Int(microseconds) * 1000)
        offset = sample.receiverTime.seconds(since: cut)
        leap = sample.leap
    }

    /// The 40 bytes chronyd reads.
    public var bytes: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Self.size)
        bytes.withUnsafeMutableBytes { buffer in
            buffer.storeBytes(of: seconds, toByteOffset: 0, as: Int64.self)
            buffer.storeBytes(of: microseconds, toByteOffset: 8, as: Int64.self)
            buffer.storeBytes(of: offset, toByteOffset: 16, as: Double.self)
            buffer.storeBytes(of: Int32(0), toByteOffset: 24, as: Int32.self)
            buffer.storeBytes(of: leap, toByteOffset: 28, as: Int32.self)
            buffer.storeBytes(of: Int32(0), toByteOffset: 32, as: Int32.self)
            buffer.storeBytes(of: Self.magic, toByteOffset: 36, as: Int32.self)
        }
        return bytes
    }
}
