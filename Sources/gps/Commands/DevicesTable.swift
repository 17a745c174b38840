import FoundationEssentials
import Glibc
import SerialPort

/// `gps devices`: what discovery finds, one row per device.
struct DevicesTable: CustomStringConvertible {
    let devices: [SerialPort.Device]

    init(_ devices: [SerialPort.Device]) { self.devices = devices }

    var description: String {
        guard !devices.isEmpty else {
            return "No USB serial devices (/dev/ttyUSB*, /dev/ttyACM*) found. Plug a receiver in, "
                + "then check `dmesg | tail`."
        }
        let header = ["PATH", "LINKS", "USB ID", "PRODUCT", "DRIVER", "GROUP", "ACCESS", "KNOWN RECEIVER"]
        let rows = devices.map { device in
            [
                device.path,
                device.links.isEmpty ? "-" : device.links.joined(separator: " "),
                device.usb.map { hex($0.vendorID) + ":" + hex($0.productID) } ?? "-",
                device.usb.flatMap { [$0.manufacturer, $0.product].compactMap { $0 }.joined(separator: " ") } ?? "-",
                device.driver ?? "-",
                device.group ?? "-",
                device.isAccessible ? "yes" : "NO (see `gps read` for the remedy)",
                device.knownReceiver.map { $0.name + ($0.isDedicated ? "" : " (possibly GPS)") } ?? "-",
            ]
        }
        let table = [header] + rows
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        return table.map { row in
            zip(row, widths).map { $0.column($1) }
                .joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }

    private func hex(_ id: UInt16) -> String {
        let digits = String(id, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
