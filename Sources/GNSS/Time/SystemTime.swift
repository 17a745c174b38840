import Glibc

/// A reading of the system clock (`CLOCK_REALTIME`): seconds and nanoseconds since
/// 1970-01-01 00:00:00 UTC, as the kernel keeps them, leap seconds not counted.
///
/// It is the clock a time service disciplines (chrony, ntpd), so it is the clock the bytes of a
/// receiver are stamped with on arrival; it can jump when someone sets it, which a monotonic
/// clock cannot, and which is what a time service needs to see.
public struct SystemTime: Hashable, Comparable, Sendable {
    /// Whole seconds since 1970-01-01 UTC.
    public var seconds: Int
    /// Nanoseconds past `seconds`, 0 ..< 1,000,000,000.
    public var nanoseconds: Int

    /// A time of `seconds` and `nanoseconds`; nanoseconds outside 0 ..< 10⁹ are carried into
    /// the seconds.
    public init(seconds: Int, nanoseconds: Int) {
        let (carry, remainder) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        self.seconds = seconds + carry - (remainder < 0 ? 1 : 0)
        self.nanoseconds = remainder < 0 ? remainder + 1_000_000_000 : remainder
    }

    /// The system clock now. The corresponding C function is `clock_gettime(CLOCK_REALTIME)`,
    /// which cannot fail with a valid clock.
    public static func now() -> SystemTime {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return SystemTime(seconds: time.tv_sec, nanoseconds: time.tv_nsec)
    }

    /// `self − other` in seconds; negative when `self` is earlier.
    public func seconds(since other: SystemTime) -> Double {
        Double(seconds - other.seconds) + Double(nanoseconds - other.nanoseconds) / 1e9
    }

    public static func < (lhs: SystemTime, rhs: SystemTime) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }
}
