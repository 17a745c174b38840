import FoundationEssentials

extension GPSDServer {
    /// The receivers served, in the order they were added, as `DEVICES` lists them: each with
    /// `activated` while it is open.
    public var devices: [GPSDDevice] {
        state.withLock { $0.devices.devices }
    }

    /// Adds a receiver that is not open yet (`DEVICES` lists it without `activated`); false,
    /// changing nothing, when its path is served already: a device added twice is one device.
    @discardableResult
    public func add(_ device: GPSDDevice) -> Bool {
        state.withLock { $0.devices.add(device) }
    }

    /// The receiver at `path` is open and about to report (added if it was not served), at
    /// `bitsPerSecond` where the speed means something: watching clients get its `DEVICE`
    /// notice, as gpsd sends one when it activates a device. Nothing is sent when it was
    /// active already.
    public func activate(_ path: String, bitsPerSecond: Int? = nil) {
        guard let device = state.withLock({ $0.devices.activate(path, bitsPerSecond: bitsPerSecond, at: Date()) }) else {
            return
        }
        var writer = GPSDJSONWriter(capacity: 256)
        writer.write(device)
        broadcast(writer.bytes, to: \.streamsReports, from: path)
    }

    /// The receiver at `path` was closed (unplugged, failed): watching clients get gpsd's
    /// deactivation notice, `{"class":"DEVICE","path":...,"activated":0}`, and `?POLL;` forgets
    /// its reports. It stays served, to be activated again. Nothing is sent when it was not active.
    public func deactivate(_ path: String) {
        guard state.withLock({ $0.devices.deactivate(path) }) else { return }
        broadcastDeactivation(of: path)
    }

    /// Stops serving the receiver at `path`, with the deactivation notice if it was active;
    /// false when it was not served.
    @discardableResult
    public func remove(_ path: String) -> Bool {
        guard let removed = state.withLock({ $0.devices.remove(path) }) else { return false }
        if removed.isActive { broadcastDeactivation(of: path) }
        return true
    }

    private func broadcastDeactivation(of path: String) {
        var writer = GPSDJSONWriter(capacity: 128)
        writer.writeDeactivation(of: path)
        broadcast(writer.bytes, to: \.streamsReports, from: path)
    }
}
