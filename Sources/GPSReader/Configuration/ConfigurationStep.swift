import UBX

/// One command of a configuration, with what it changes in words: the unit `gps config`
/// reports as applied, refused or not tried.
public struct ConfigurationStep: Hashable, Sendable {
    /// What the step changes, such as `rate 10 Hz` or `speed 115200 bit/s`.
    public var summary: String
    /// The whole UBX frame written.
    public var frame: [UInt8]
    /// Whether this step changes the port's speed, so the reply may be lost and the port is
    /// reopened at `newBaudRate` afterwards.
    public var newBaudRate: Int?

    /// A step writing `frame`.
    public init(_ summary: String, frame: [UInt8], newBaudRate: Int? = nil) {
        self.summary = summary
        self.frame = frame
        self.newBaudRate = newBaudRate
    }

    /// The command's class and id.
    public var message: UBXMessageID { UBXMessageID(frame[2], frame[3]) }
}
