import POSIXSupport
import SerialPort

/// Opens a device for a `DeviceConnection`, its path as bytes that need not be UTF-8; the
/// default is `SerialPort.init(path:configuration:)`. Tests inject one that opens as another user.
public typealias DeviceOpener = @Sendable (_ path: FilePath, _ configuration: SerialPort.Configuration)
    throws(SerialPortError) -> SerialPort
