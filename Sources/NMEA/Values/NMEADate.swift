/// A calendar date as RMC carries it: day, month and a two-digit year.
///
/// The century is not sent. Resolving it (and GPS week-rollover errors, such
/// as a 2019 receiver reporting 1999) needs outside knowledge, so the decoder
/// reports what was sent and leaves that choice to the caller.
public struct NMEADate: Hashable, Sendable {
    /// Day of the month, 1–31.
    public var day: UInt8
    /// Month, 1–12.
    public var month: UInt8
    /// Year within its century, 0–99.
    public var twoDigitYear: UInt8

    /// Creates a date; values are taken as given.
    public init(day: UInt8, month: UInt8, twoDigitYear: UInt8) {
        self.day = day
        self.month = month
        self.twoDigitYear = twoDigitYear
    }

    /// The four-digit year under a fixed pivot: `00`–`79` are 2000–2079,
    /// `80`–`99` are 1980–1999 (GPS time starts in 1980).
    public var year: Int {
        Int(twoDigitYear) + (twoDigitYear < 80 ? 2000 : 1900)
    }
}
