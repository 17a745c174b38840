import POSIXSupport

extension SerialPort {
    /// The USB serial devices present now: `/dev/ttyUSB*` and `/dev/ttyACM*`, each with the
    /// stable links that point at it and what sysfs knows about it.
    ///
    /// Never fails: a machine without such devices, or without sysfs, gives an empty list or
    /// devices with less detail. Sorted by name, `ttyACM0` before `ttyACM10` before `ttyUSB0`.
    /// The corresponding C functions are `opendir`/`readdir` on `/dev`, `readlink` and
    /// `realpath` on `/sys/class/tty/<name>/device`, `stat`, `getgrgid_r` and `access`.
    public static func availableDevices() -> [Device] {
        DeviceDiscovery(root: "").devices()
    }
}

/// Discovery under a root folder, `""` for the real `/dev` and `/sys`; tests use a fake tree.
struct DeviceDiscovery {
    let root: String

    private var dev: String { root + "/dev" }

    func devices() -> [SerialPort.Device] {
        let names = Syscalls.directoryEntries(dev).filter(Self.isSerialName).sorted(by: Self.naturalOrder)
        let links = stableLinks()
        return names.map { name in
            let path = dev + "/" + name
            let sysfs = SysfsDevice(root: root, name: name)
            let usb = sysfs.usbInfo()
            let groupID = Syscalls.stat(FilePath(path)).map(\.st_gid)
            return SerialPort.Device(
                path: path,
                links: links[name, default: []],
                kind: name.hasPrefix("ttyACM") ? .usbModem : .usbSerial,
                usb: usb,
                driver: sysfs.driver(),
                group: (try? groupID.get()).flatMap(Syscalls.groupName),
                isAccessible: Syscalls.canReadAndWrite(path),
                knownReceiver: usb.flatMap { SerialPort.KnownReceiver.matching(vendorID: $0.vendorID, productID: $0.productID) }
            )
        }
    }

    /// Links in `/dev/serial/by-id` and `/dev/gps*`, by the name of the node they point at.
    private func stableLinks() -> [String: [String]] {
        let byID = dev + "/serial/by-id"
        let candidates = Syscalls.directoryEntries(byID).map { byID + "/" + $0 }
            + Syscalls.directoryEntries(dev).filter { $0.hasPrefix("gps") }.map { dev + "/" + $0 }
        var links: [String: [String]] = [:]
        for link in candidates {
            guard case .success(let target) = Syscalls.readlink(FilePath(link)),
                  case let name = target.lastComponent.description, Self.isSerialName(name) else { continue }
            links[name, default: []].append(link)
        }
        return links
    }

    private static func isSerialName(_ name: String) -> Bool {
        (name.hasPrefix("ttyUSB") || name.hasPrefix("ttyACM")) && name.dropFirst(6).allSatisfy(\.isNumber)
            && name.count > 6
    }

    private static func naturalOrder(_ lhs: String, _ rhs: String) -> Bool {
        let (lhsKind, rhsKind) = (lhs.prefix(6), rhs.prefix(6))
        if lhsKind != rhsKind { return lhsKind < rhsKind }
        return Int(lhs.dropFirst(6)) ?? 0 < Int(rhs.dropFirst(6)) ?? 0
    }
}
