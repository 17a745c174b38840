import POSIXSupport

/// What `/sys/class/tty/<name>` tells about a tty: its driver, and the USB device above it.
struct SysfsDevice {
    let root: String
    let name: String

    private var classEntry: String { root + "/sys/class/tty/" + name }

    /// The kernel driver: the last component of the `device/driver` link.
    func driver() -> String? {
        guard case .success(let target) = Syscalls.readlink(FilePath(classEntry + "/device/driver")) else { return nil }
        return target.lastComponent.description
    }

    /// The ids and strings of the nearest USB device above the tty: the first ancestor of
    /// `device` with an `idVendor` file (the interface for ACM, the port's parent for bridges).
    func usbInfo() -> SerialPort.Device.USBInfo? {
        guard case .success(let device) = Syscalls.realpath(FilePath(classEntry + "/device")) else { return nil }
        var directory = device.description
        // Resolved like `directory`, in case the root itself sits behind a link.
        let ceiling = (try? Syscalls.realpath(FilePath(root + "/sys")).get())?.description ?? root + "/sys"
        while directory.hasPrefix(ceiling), directory.count > ceiling.count {
            if let vendor = attribute("idVendor", in: directory).flatMap({ UInt16($0, radix: 16) }),
               let product = attribute("idProduct", in: directory).flatMap({ UInt16($0, radix: 16) }) {
                return SerialPort.Device.USBInfo(
                    vendorID: vendor,
                    productID: product,
                    manufacturer: attribute("manufacturer", in: directory),
                    product: attribute("product", in: directory),
                    serialNumber: attribute("serial", in: directory)
                )
            }
            directory = String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)])
        }
        return nil
    }

    /// A sysfs attribute file's text without the trailing newline; `nil` when absent or empty.
    private func attribute(_ file: String, in directory: String) -> String? {
        guard let bytes = try? FileContents.read(directory + "/" + file) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).trimmingTrailingWhitespace()
        return text.isEmpty ? nil : text
    }
}

extension String {
    fileprivate func trimmingTrailingWhitespace() -> String {
        var text = Substring(self)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
