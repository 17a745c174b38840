import FoundationEssentials

/// The receivers a `GPSDServer` speaks for, in the order they were added, each with its last
/// reports for `?POLL;`. A path is in the table once.
struct DeviceTable {
    struct Entry {
        var device: GPSDDevice
        var lastTPV: TPV?
        var lastSKY: SKY?
        /// Whether the device is open and reporting (`activated` is set).
        var isActive: Bool { device.activated != nil }
    }

    private(set) var entries: [Entry] = []

    /// The devices, as `DEVICES` lists them.
    var devices: [GPSDDevice] { entries.map(\.device) }

    func index(of path: String) -> Int? {
        entries.firstIndex { $0.device.path == path }
    }

    func contains(_ path: String) -> Bool { index(of: path) != nil }

    /// Adds `device` unless its path is there; false when it was.
    @discardableResult
    mutating func add(_ device: GPSDDevice) -> Bool {
        guard !contains(device.path) else { return false }
        entries.append(Entry(device: device))
        return true
    }

    /// Marks the device at `path` open (adding it when missing); the device as it is now
    /// when it was not active, `nil` when it already was.
    mutating func activate(_ path: String, bitsPerSecond: Int?, at time: Date) -> GPSDDevice? {
        let index = index(of: path) ?? {
            entries.append(Entry(device: GPSDDevice(path: path)))
            return entries.count - 1
        }()
        guard !entries[index].isActive else { return nil }
        entries[index].device.activated = time
        entries[index].device.bitsPerSecond = bitsPerSecond
        return entries[index].device
    }

    /// Marks the device at `path` closed and forgets its reports; false when it was not active.
    mutating func deactivate(_ path: String) -> Bool {
        guard let index = index(of: path), entries[index].isActive else { return false }
        entries[index].device.activated = nil
        entries[index].lastTPV = nil
        entries[index].lastSKY = nil
        return true
    }

    /// Removes the device at `path`; what it was, `nil` when it was not there.
    mutating func remove(_ path: String) -> Entry? {
        guard let index = index(of: path) else { return nil }
        return entries.remove(at: index)
    }

    /// Keeps `report` as its device's last TPV; a report of a device not in the table is not kept.
    mutating func keep(_ report: TPV) {
        guard let index = report.device.flatMap(index(of:)) else { return }
        entries[index].lastTPV = report
    }

    /// Keeps `report` as its device's last SKY.
    mutating func keep(_ report: SKY) {
        guard let index = report.device.flatMap(index(of:)) else { return }
        entries[index].lastSKY = report
    }
}
