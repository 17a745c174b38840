import POSIXSupport

/// The terminals that are consoles, whose settings a port never touches: the kernel writes its
/// messages to them, or a user logs in on them.
enum Consoles {
    /// The virtual consoles' major (`/dev/tty0`...`/dev/tty63`; from minor 64 it numbers the
    /// 8250 serial ports, `/dev/ttyS*`).
    private static let virtualConsoleMajor: UInt32 = 4
    private static let virtualConsoleMinors: ClosedRange<UInt32> = 0...63
    /// `/dev/tty` (the controlling terminal, 5:0) and `/dev/console` (5:1).
    private static let systemTerminals: Set<DeviceNumber> = [
        DeviceNumber(major: 5, minor: 0), DeviceNumber(major: 5, minor: 1),
    ]
    /// The devices the kernel's console is on, by name (`console=ttyS0`), one line.
    private static let activeConsoles = "/sys/class/tty/console/active"

    /// Whether `number` is a console: a virtual console, `/dev/tty`, `/dev/console`, or a
    /// device the kernel's console is on now.
    static func contains(_ number: DeviceNumber) -> Bool {
        if number.major == virtualConsoleMajor, virtualConsoleMinors.contains(number.minor) { return true }
        if systemTerminals.contains(number) { return true }
        return kernelConsoles().contains(number)
    }

    /// The numbers of the devices in `/sys/class/tty/console/active` (each name's
    /// `/sys/class/tty/NAME/dev`); empty where sysfs does not say.
    static func kernelConsoles() -> [DeviceNumber] {
        kernelConsoleNames().compactMap { name in
            guard case .success(let text) = Syscalls.kernelFile("/sys/class/tty/\(name)/dev") else { return nil }
            return DeviceNumber(sysfsText: text)
        }
    }

    /// The names in `/sys/class/tty/console/active` ("tty0", "ttyS0"); empty where sysfs does
    /// not say.
    static func kernelConsoleNames() -> [String] {
        guard case .success(let names) = Syscalls.kernelFile(activeConsoles) else { return [] }
        return names.split(whereSeparator: \.isWhitespace).map(String.init).filter { !$0.contains("/") }
    }
}
