import Glibc

/// A device's major and minor numbers, as `st_rdev` holds them and sysfs writes them ("4:64").
struct DeviceNumber: Hashable, Sendable {
    let major: UInt32
    let minor: UInt32

    init(major: UInt32, minor: UInt32) {
        self.major = major
        self.minor = minor
    }

    /// The numbers of `rdev`, in glibc's encoding (`gnu_dev_major`, `gnu_dev_minor`: 12 bits of
    /// major and 20 of minor, split around the low bits).
    init(_ rdev: dev_t) {
        let value = UInt64(rdev)
        major = UInt32(truncatingIfNeeded: ((value >> 8) & 0xfff) | ((value >> 32) & ~0xfff))
        minor = UInt32(truncatingIfNeeded: (value & 0xff) | ((value >> 12) & ~0xff))
    }

    /// The numbers in sysfs's `dev` file text, "MAJOR:MINOR"; `nil` for anything else.
    init?(sysfsText text: String) {
        let parts = text.split(separator: ":")
        let trimmed = parts.map { $0.filter { !$0.isWhitespace } }
        guard trimmed.count == 2, let major = UInt32(trimmed[0]), let minor = UInt32(trimmed[1]) else { return nil }
        self.init(major: major, minor: minor)
    }
}
