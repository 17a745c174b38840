import POSIXSupport

/// The device numbers the kernel's terminal drivers claim, from `/proc/tty/drivers`: a
/// character device none of them claims (`/dev/null`, `/dev/kmsg`, `/dev/watchdog`) is no
/// serial port, and is refused without being opened, since opening some devices acts.
struct TerminalDrivers {
    private let ranges: [(major: UInt32, minors: ClosedRange<UInt32>)]

    /// The drivers listed in `text`, one a line: name, node, major, minors ("64" or "1-63"),
    /// type. Lines that do not read so are skipped.
    init(text: String) {
        ranges = text.split(separator: "\n").compactMap { line in
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 5, let major = UInt32(fields[fields.count - 3]) else { return nil }
            let bounds = fields[fields.count - 2].split(separator: "-").compactMap { UInt32($0) }
            guard let low = bounds.first, let high = bounds.last, bounds.count <= 2, low <= high else { return nil }
            return (major, low...high)
        }
    }

    /// The drivers the kernel lists now; `nil` when `/proc/tty/drivers` cannot be read (no
    /// `/proc`), so that only opening the device can tell.
    static func current() -> TerminalDrivers? {
        guard case .success(let text) = Syscalls.kernelFile("/proc/tty/drivers") else { return nil }
        let drivers = TerminalDrivers(text: text)
        return drivers.ranges.isEmpty ? nil : drivers
    }

    /// Whether a driver claims `number`.
    func claims(_ number: DeviceNumber) -> Bool {
        ranges.contains { $0.major == number.major && $0.minors.contains(number.minor) }
    }
}
