import GNSS

/// One comparison of the receiver's clock with the system's: what a time service (chrony,
/// ntpd) takes from a reference clock.
///
/// `receiverTime` is the UTC time the epoch named (its second and the date from RMC or ZDA);
/// `systemTime` is the system clock when the epoch's first byte arrived. Their difference is
/// not the system clock's error alone: it includes the receiver's own output delay (from the
/// second's start to its first byte, tens to hundreds of milliseconds, fixed for a receiver
/// and a configuration) and the line's transfer of that first byte. Measure it once
/// (docs/TimeService.md) and give it to the time service as its `offset`.
public struct TimeSample: Hashable, Sendable {
    /// The true time: the receiver's UTC time of the epoch.
    public var receiverTime: SystemTime
    /// The system clock (`CLOCK_REALTIME`) at the arrival of the epoch's first byte.
    public var systemTime: SystemTime
    /// The leap-second indicator: 0 (none announced), since NMEA carries none.
    public var leap: Int32

    /// A sample; `leap` 0 unless given.
    public init(receiverTime: SystemTime, systemTime: SystemTime, leap: Int32 = 0) {
        self.receiverTime = receiverTime
        self.systemTime = systemTime
        self.leap = leap
    }

    /// True minus system time, in seconds: negative when the epoch arrives after its second
    /// began by the system clock, as it always does with a correct clock.
    public var offset: Double { receiverTime.seconds(since: systemTime) }
}
