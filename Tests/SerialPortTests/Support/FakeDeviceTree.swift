/// A `/dev` and `/sys` in a temporary folder, laid out as Linux lays out USB serial devices.
struct FakeDeviceTree {
    let folder: TemporaryFolder
    var root: String { folder.path }

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A USB device at `port` on bus 1 with the given ids and strings; returns its sysfs folder.
    @discardableResult
    func addUSBDevice(
        port: String, vendor: String, product: String,
        manufacturer: String? = nil, productName: String? = nil, serial: String? = nil
    ) throws -> String {
        let device = "sys/devices/pci0000:00/0000:00:14.0/usb1/\(port)"
        try folder.write(vendor + "\n", to: device + "/idVendor")
        try folder.write(product + "\n", to: device + "/idProduct")
        if let manufacturer { try folder.write(manufacturer + "\n", to: device + "/manufacturer") }
        if let productName { try folder.write(productName + "\n", to: device + "/product") }
        if let serial { try folder.write(serial + "\n", to: device + "/serial") }
        return device
    }

    /// `/dev/ttyUSBn` of a usb-serial bridge under `device`, bound to `driver` (such as "pl2303").
    func addBridgeTTY(_ name: String, under device: String, driver: String) throws {
        let port = "\(device)/\(device.split(separator: "/").last!):1.0/\(name)"
        try folder.makeFolder("\(port)/tty/\(name)")
        try folder.makeFolder("sys/bus/usb-serial/drivers/\(driver)")
        try folder.link("\(port)/driver", to: String(repeating: "../", count: port.split(separator: "/").count - 1) + "bus/usb-serial/drivers/\(driver)")
        try folder.link("\(port)/tty/\(name)/device", to: "../../../\(name)")
        try folder.link("sys/class/tty/\(name)", to: "../../" + port.dropFirst(4) + "/tty/\(name)")
        try folder.write("", to: "dev/\(name)")
    }

    /// `/dev/ttyACMn` of a CDC-ACM modem under `device`.
    func addModemTTY(_ name: String, under device: String) throws {
        let interface = "\(device)/\(device.split(separator: "/").last!):1.0"
        try folder.makeFolder("\(interface)/tty/\(name)")
        try folder.makeFolder("sys/bus/usb/drivers/cdc_acm")
        try folder.link("\(interface)/driver", to: String(repeating: "../", count: interface.split(separator: "/").count - 1) + "bus/usb/drivers/cdc_acm")
        try folder.link("\(interface)/tty/\(name)/device", to: "../../../\(interface.split(separator: "/").last!)")
        try folder.link("sys/class/tty/\(name)", to: "../../" + interface.dropFirst(4) + "/tty/\(name)")
        try folder.write("", to: "dev/\(name)")
    }
}
