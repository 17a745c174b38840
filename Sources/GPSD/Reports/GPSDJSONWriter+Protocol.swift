import FoundationEssentials

/// A receiver as `DEVICES` and `DEVICE` describe it.
public struct GPSDDevice: Hashable, Sendable {
    /// The device path (or the capture's), as reports name it in `"device"`.
    public var path: String
    /// When the device was opened.
    public var activated: Date?
    /// The line speed in bit/s, when it means something.
    public var bitsPerSecond: Int?
    /// Seconds between epochs.
    public var cycle: Double

    /// A device; one epoch a second unless told otherwise.
    public init(path: String, activated: Date? = nil, bitsPerSecond: Int? = nil, cycle: Double = 1) {
        self.path = path
        self.activated = activated
        self.bitsPerSecond = bitsPerSecond
        self.cycle = cycle
    }
}

extension GPSDJSONWriter {
    /// The release this server names in `VERSION`: gpsd's protocol 3.14, spoken by GPSReader.
    public static let release = "3.22-gpsreader"

    /// `{"class":"VERSION",...}`: gpsd protocol 3.14, the version 3.22 speaks.
    public mutating func writeVersion() {
        beginObject(class: "VERSION")
        field("release", Self.release)
        field("rev", Self.release)
        field("proto_major", 3)
        field("proto_minor", 14)
        endObject()
    }

    /// `{"class":"DEVICES","devices":[...]}`.
    public mutating func writeDevices(_ devices: [GPSDDevice]) {
        beginObject(class: "DEVICES")
        beginArray("devices")
        for device in devices { writeDeviceMembers(device) }
        endArray()
        endObject()
    }

    /// `{"class":"DEVICE",...}`, one line.
    public mutating func write(_ device: GPSDDevice) {
        writeDeviceMembers(device)
    }

    private mutating func writeDeviceMembers(_ device: GPSDDevice) {
        beginObject(class: "DEVICE")
        field("path", device.path)
        field("driver", "NMEA0183" as StaticString)
        field("activated", device.activated)
        field("native", 0)
        if let bps = device.bitsPerSecond {
            field("bps", bps)
            field("parity", "N" as StaticString)
            field("stopbits", 1)
        }
        field("cycle", device.cycle, decimals: 2)
        endObject()
    }

    /// `{"class":"WATCH",...}`: the policy in force, as gpsd echoes it.
    public mutating func write(_ watch: WatchPolicy) {
        beginObject(class: "WATCH")
        field("enable", watch.enable)
        field("json", watch.json)
        field("nmea", watch.nmea)
        field("raw", watch.raw)
        field("scaled", watch.scaled)
        field("timing", watch.timing)
        field("split24", watch.split24)
        field("pps", watch.pps)
        field("device", watch.device)
        endObject()
    }

    /// `{"class":"POLL",...}`: the last reports, for `?POLL;`.
    ///
    /// - Parameters:
    ///   - time: When the poll was answered.
    ///   - active: How many devices are reporting.
    public mutating func writePoll(time: Date, active: Int, tpv: [TPV], sky: [SKY]) {
        beginObject(class: "POLL")
        field("time", time)
        field("active", active)
        beginArray("tpv")
        for report in tpv { writeMembers(report) }
        endArray()
        beginArray("sky")
        for report in sky { writeMembers(report) }
        endArray()
        endObject()
    }

    /// `{"class":"ERROR","message":...}`.
    public mutating func writeError(_ message: String) {
        beginObject(class: "ERROR")
        field("message", message)
        endObject()
    }
}
