import GNSS

/// A reading of the system clock; `GNSS.SystemTime` now, where `TimeService` and `GPSReader`
/// read it without importing `SerialPort`.
@available(*, deprecated, message: "SystemTime is GNSS's: import GNSS")
public typealias SystemTime = GNSS.SystemTime
