import FoundationEssentials
import GPSCommandLine
import TimeService

extension TimeOutputs {
    /// The time sink `gps serve` adds to a receiver's sinks: chrony's socket (`--chrony PATH`,
    /// or gpsd's default `/run/chrony.clk.<device's name>.sock` when it exists) and the SHM unit
    /// (`--shm UNIT`); `nil` when there is neither. Lines go to standard error.
    ///
    /// - Throws: `TimeServiceError` when the SHM segment cannot be attached.
    func sink(forDevice devicePath: String) throws(TimeServiceError) -> TimeSink? {
        var outputs: [any TimeSampleOutput] = []
        let defaultSocket = ChronySocket.defaultPath(forDevice: devicePath)
        if let path = chronySocket ?? (FileManager.default.fileExists(atPath: defaultSocket) ? defaultSocket : nil) {
            outputs.append(ChronySocket(path: path, log: { printError($0) }))
        }
        if let unit = sharedMemoryUnit {
            outputs.append(try SharedMemoryRefclock(unit: unit))
            printError("gps: writing time samples to the NTP shared-memory refclock unit \(unit) (`refclock SHM \(unit)`)")
        }
        return outputs.isEmpty ? nil : TimeSink(outputs)
    }
}
