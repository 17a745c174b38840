import POSIXSupport

extension SerialPortError: CustomStringConvertible {
    /// What happened to which device, and what to do about it.
    public var description: String {
        switch self {
        case .permissionDenied(let path):
            "Permission denied opening \(path) (EACCES). Add yourself to the group that owns it, "
                + "usually dialout: `sudo usermod -aG dialout $USER`, then log out and back in "
                + "(`ls -lL \(path)` shows the group); or install the GPS udev rules "
                + "(`gps udev-rules | sudo tee /etc/udev/rules.d/60-gps.rules && sudo udevadm trigger`, "
                + "or from a checkout `sudo cp udev/60-gps.rules /etc/udev/rules.d/`)."
        case .notPermitted(let path):
            "Operation not permitted on \(path) (EPERM). The kernel or a security module "
                + "refused it: check `dmesg` and AppArmor/SELinux, or run as a user allowed to."
        case .notFound(let path, let errno):
            "No device at \(path): \(Errno(errno).description). Plug the receiver in and check "
                + "`ls /dev/ttyUSB* /dev/ttyACM* /dev/serial/by-id/`."
        case .busy(let path, let errno):
            "\(path) is in use by another process: \(Errno(errno).description). Close it first; "
                + "`sudo fuser -v \(path)` shows who holds it, often gpsd "
                + "(`sudo systemctl stop gpsd.socket gpsd`) or ModemManager."
        case .notASerialDevice(let path, let kind):
            "\(path) is \(kind), not a serial device: no receiver can be read there. Give the receiver's "
                + "device, such as /dev/ttyUSB0, /dev/ttyACM0 or a /dev/serial/by-id/ link (`gps devices` lists them)"
                + (kind == .regularFile || kind == .fifo ? "; to play a capture, `gps replay \(path)`." : ".")
        case .console(let path):
            "\(path) is a console (the system's, a virtual terminal or the kernel's `console=` "
                + "device): gps never reads it or changes its speed. Give the receiver's own device, "
                + "such as /dev/ttyUSB0, /dev/ttyACM0 or a /dev/serial/by-id/ link (`gps devices` lists them)."
        case .unsupportedBaudRate(let path, let rate):
            "\(path) cannot run at \(rate) bit/s. Use one of "
                + SerialPort.BaudRate.standard.map(\.description).joined(separator: ", ")
                + "; GPS receivers usually speak 9600 or 4800."
        case .disconnected(let path, let errno):
            "\(path) was disconnected"
                + (errno == 0 ? " (hang-up or end of file)" : ": \(Errno(errno).description)")
                + ". Plug the receiver back in and open it again."
        case .system(let path, let operation, let errno):
            "\(operation) failed on \(path): \(Errno(errno).description)."
        }
    }
}
