import Glibc
import Testing
@testable import SerialPort

@Suite("Device discovery")
struct DiscoveryTests {
    @Test("finds bridges and modems with their sysfs details, links and known ids")
    func fakeTree() throws {
        let tree = try FakeDeviceTree()
        let ublox = try tree.addUSBDevice(
            port: "1-3", vendor: "1546", product: "01a7", manufacturer: "u-blox AG - www.u-blox.com",
            productName: "u-blox 7 - GPS/GNSS Receiver")
        try tree.addModemTTY("ttyACM0", under: ublox)
        let globalsat = try tree.addUSBDevice(port: "1-2", vendor: "067b", product: "2303", manufacturer: "Prolific Technology Inc.",
                                              productName: "USB-Serial Controller", serial: "ABC123")
        try tree.addBridgeTTY("ttyUSB0", under: globalsat, driver: "pl2303")
        try tree.folder.link("dev/serial/by-id/usb-u-blox_AG_-_www.u-blox.com_u-blox_7_-_GPS_GNSS_Receiver-if00", to: "../../ttyACM0")
        try tree.folder.link("dev/gps0", to: "ttyUSB0")
        try tree.folder.write("", to: "dev/ttyS0")

        let devices = DeviceDiscovery(root: tree.root).devices()
        try #require(devices.count == 2)
        let (modem, bridge) = (devices[0], devices[1])

        #expect(modem.path == tree.root + "/dev/ttyACM0")
        #expect(modem.kind == .usbModem)
        #expect(modem.driver == "cdc_acm")
        #expect(modem.usb == .init(vendorID: 0x1546, productID: 0x01a7, manufacturer: "u-blox AG - www.u-blox.com",
                                   product: "u-blox 7 - GPS/GNSS Receiver", serialNumber: nil))
        #expect(modem.knownReceiver?.name == "u-blox 7")
        #expect(modem.knownReceiver?.isDedicated == true)
        #expect(modem.links == [tree.root + "/dev/serial/by-id/usb-u-blox_AG_-_www.u-blox.com_u-blox_7_-_GPS_GNSS_Receiver-if00"])
        #expect(modem.preferredPath == modem.links[0])
        #expect(modem.isAccessible)
        #expect(modem.group == "root")

        #expect(bridge.path == tree.root + "/dev/ttyUSB0")
        #expect(bridge.kind == .usbSerial)
        #expect(bridge.driver == "pl2303")
        #expect(bridge.usb?.serialNumber == "ABC123")
        #expect(bridge.knownReceiver?.isDedicated == false, "a PL2303 is only possibly a GPS")
        #expect(bridge.links == [tree.root + "/dev/gps0"])
        #expect(bridge.preferredPath == bridge.path)
    }

    @Test("orders devices naturally and tolerates a missing sysfs")
    func orderingWithoutSysfs() throws {
        let folder = try TemporaryFolder()
        for name in ["ttyUSB10", "ttyUSB2", "ttyACM0", "ttyUSB", "ttyUSBx"] { try folder.write("", to: "dev/\(name)") }
        let devices = DeviceDiscovery(root: folder.path).devices()
        #expect(devices.map { $0.path.split(separator: "/").last! } == ["ttyACM0", "ttyUSB2", "ttyUSB10"])
        #expect(devices.allSatisfy { $0.usb == nil && $0.driver == nil && $0.knownReceiver == nil })
    }

    @Test("an unknown USB id is listed without a known receiver")
    func unknownID() throws {
        let tree = try FakeDeviceTree()
        let device = try tree.addUSBDevice(port: "2-1", vendor: "dead", product: "beef")
        try tree.addBridgeTTY("ttyUSB3", under: device, driver: "ftdi_sio")
        let devices = DeviceDiscovery(root: tree.root).devices()
        #expect(devices.map(\.usb?.vendorID) == [0xdead])
        #expect(devices.first?.knownReceiver == nil)
        #expect(devices.first?.driver == "ftdi_sio")
    }

    @Test("an empty machine has no devices, and the real one lists only USB ttys")
    func emptyAndReal() throws {
        let folder = try TemporaryFolder()
        #expect(DeviceDiscovery(root: folder.path).devices().isEmpty)
        #expect(DeviceDiscovery(root: folder.path + "/missing").devices().isEmpty)
        for device in SerialPort.availableDevices() {
            #expect(device.path.hasPrefix("/dev/ttyUSB") || device.path.hasPrefix("/dev/ttyACM"))
        }
    }

    @Test("the known-receiver table has no duplicate ids")
    func tableIsConsistent() {
        let ids = SerialPort.KnownReceiver.all.map { [$0.vendorID, $0.productID] }
        #expect(Set(ids).count == ids.count)
        #expect(SerialPort.KnownReceiver.matching(vendorID: 0x1546, productID: 0x01a8)?.isDedicated == true)
        #expect(SerialPort.KnownReceiver.matching(vendorID: 0x10c4, productID: 0xea60)?.isDedicated == false)
    }
}
