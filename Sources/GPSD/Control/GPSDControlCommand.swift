/// A line of gpsd's control protocol (gpsd(8), `-F`), as `gpsdctl` and udev's hotplug
/// scripts send it: `+/dev/ttyUSB0` adds a device, `-/dev/ttyUSB0` removes one, `?devices`
/// lists them. Each is answered `OK` or `ERROR` on a line of its own.
public enum GPSDControlCommand: Hashable, Sendable {
    /// `+PATH`: serve this device.
    case add(String)
    /// `-PATH`: stop serving it.
    case remove(String)
    /// `?devices`: the paths served, one a line, then `OK`.
    case listDevices

    /// The longest line read, in bytes; gpsd's own buffer is smaller.
    public static let maximumLength = 1024

    /// Parses one line, without its line ending; `nil` for anything else (gpsd answers
    /// `ERROR`). As gpsd does, the path is what follows the sign up to the first space or
    /// unprintable byte, and it must not be empty.
    public init?(parsing line: some Collection<UInt8>) {
        guard let sign = line.first else { return nil }
        let path = String(decoding: line.dropFirst().prefix { (0x21...0x7E).contains($0) }, as: UTF8.self)
        switch sign {
        case UInt8(ascii: "+") where !path.isEmpty: self = .add(path)
        case UInt8(ascii: "-") where !path.isEmpty: self = .remove(path)
        case UInt8(ascii: "?") where line.starts(with: "?devices".utf8): self = .listDevices
        default: return nil
        }
    }
}

/// What the control socket answers a command with.
public enum GPSDControlAnswer: Hashable, Sendable {
    /// `OK`: done.
    case ok
    /// `ERROR`: refused, nothing changed.
    case error
    /// The paths served, one a line, then `OK`.
    case devices([String])

    /// The bytes sent, as gpsd 3.22 writes them.
    var bytes: [UInt8] {
        switch self {
        case .ok: Array("OK\n".utf8)
        case .error: Array("ERROR\n".utf8)
        case .devices(let paths): Array((paths.map { $0 + "\n" }.joined() + "OK\n").utf8)
        }
    }
}
