import CommandLineParsing

/// Where `gps serve` sends the receiver's time: `--chrony PATH` and `--shm UNIT`.
public struct TimeOutputs: Equatable, Sendable {
    /// chrony's SOCK refclock socket (`--chrony PATH`); `nil` for gpsd's default path
    /// `/run/chrony.clk.<device's name>.sock`, used whenever it exists.
    public var chronySocket: String?
    /// The NTP shared-memory unit (`--shm UNIT`); `nil` for none.
    public var sharedMemoryUnit: Int?

    /// No option given.
    public static let none = TimeOutputs()

    /// Time outputs; with no arguments, none asked for.
    public init(chronySocket: String? = nil, sharedMemoryUnit: Int? = nil) {
        self.chronySocket = chronySocket
        self.sharedMemoryUnit = sharedMemoryUnit
    }
}

/// `gps simulate --pty --clock [--delay MS]`: each epoch carries the current UTC second and is
/// sent at that second's start plus `delayMilliseconds`, at a 9600 bit/s line's pace.
public struct SimulatedClock: Equatable, Sendable {
    /// Milliseconds from the second's start to the epoch's first byte.
    public var delayMilliseconds: Int

    /// A clock whose epochs start `delayMilliseconds` after each second.
    public init(delayMilliseconds: Int) {
        self.delayMilliseconds = delayMilliseconds
    }
}

extension ValueKind where Value == Int {
    /// An NTP shared-memory unit: 0 to 255 (key 0x4E545030 + unit).
    static let sharedMemoryUnit = ValueKind(expectation: "a unit from 0 to 255") { text in
        Int(text).flatMap { (0...255).contains($0) ? $0 : nil }
    }

    /// Milliseconds within a second: 0 to 999.
    static let millisecondsInSecond = ValueKind(expectation: "milliseconds from 0 to 999") { text in
        Int(text).flatMap { (0...999).contains($0) ? $0 : nil }
    }
}
