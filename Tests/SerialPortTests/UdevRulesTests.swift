import Foundation
import SerialPort
import Testing

/// `udev/60-gps.rules` and `SerialPort.KnownReceiver.all` are one table.
@Suite("udev rules")
struct UdevRulesTests {
    private struct Rule: Hashable {
        var vendorID: String, productID: String, isDedicated: Bool
    }

    private static func rules(in text: String) -> Set<Rule> {
        Set(text.split(separator: "\n").filter { $0.hasPrefix("SUBSYSTEM") }.map { line in
            func value(_ key: String) -> String {
                let start = line.range(of: key + "==\"")!.upperBound
                return String(line[start...].prefix(4))
            }
            let dedicated = line.contains(#"SYMLINK+="gps%n""#) && line.contains(#"ENV{ID_MM_DEVICE_IGNORE}="1""#)
                && line.contains(#"MODE="0660""#)
            #expect(line.contains(#"TAG+="uaccess""#) && line.contains(#"GROUP="dialout""#))
            return Rule(vendorID: value("ATTRS{idVendor}"), productID: value("ATTRS{idProduct}"), isDedicated: dedicated)
        })
    }

    /// The package checkout this test was built from.
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // SerialPortTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    @Test("the committed file has one rule per known id: dedicated receivers get the gps link, bridges access only")
    func coversExactlyTheTable() throws {
        let committed = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("udev/60-gps.rules"), encoding: .utf8)
        let expected = Set(SerialPort.KnownReceiver.all.map { receiver in
            Rule(vendorID: String(format: "%04x", receiver.vendorID), productID: String(format: "%04x", receiver.productID),
                 isDedicated: receiver.isDedicated)
        })
        #expect(Self.rules(in: committed) == expected)
        #expect(committed == UdevRules.text(), "regenerate: swift run gps udev-rules > udev/60-gps.rules")
    }

    @Test("with a control socket: the same rules, then per receiver a hotplug rule that runs gpsdctl add on plugging in and one that runs gpsdctl remove on unplugging, only while the socket exists")
    func hotplugRules() {
        let text = UdevRules.text(controlSocket: "/run/gps/control.sock")
        #expect(text.hasPrefix(UdevRules.text()))
        let hotplug = text.split(separator: "\n").filter { $0.hasPrefix("ACTION") }.map(String.init)
        let id = { (value: UInt16) in String(repeating: "0", count: 4 - String(value, radix: 16).count) + String(value, radix: 16) }
        let gated = #"", TEST=="/run/gps/control.sock", ENV{GPSD_SOCKET}="/run/gps/control.sock", RUN+="/usr/sbin/gpsdctl"#
        #expect(hotplug.filter { $0.hasPrefix(#"ACTION=="add""#) } == SerialPort.KnownReceiver.all.map { receiver in
            #"ACTION=="add", SUBSYSTEM=="tty", ATTRS{idVendor}==""# + id(receiver.vendorID)
                + #"", ATTRS{idProduct}==""# + id(receiver.productID) + gated + #" add $devnode""#
        })
        // On removal the device's attributes are gone: the ids come from udev's database.
        #expect(hotplug.filter { $0.hasPrefix(#"ACTION=="remove""#) } == SerialPort.KnownReceiver.all.map { receiver in
            #"ACTION=="remove", SUBSYSTEM=="tty", ENV{ID_VENDOR_ID}==""# + id(receiver.vendorID)
                + #"", ENV{ID_MODEL_ID}==""# + id(receiver.productID) + gated + #" remove $devnode""#
        })
        #expect(hotplug.count == 2 * SerialPort.KnownReceiver.all.count)
        // The access rules are untouched: nothing gates them on the socket.
        #expect(Self.rules(in: text) == Self.rules(in: UdevRules.text()))
    }
}
