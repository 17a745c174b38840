import FoundationEssentials
import GPSCommandLine
import TimeService

extension TimeOutputs {
    /// The time sink `gps serve` adds to a receiver's sinks: chrony's socket (`--chrony PATH`,
    /// or else gpsd's default `/run/chrony.clk.<device's name>.sock`, used whenever a chronyd has
    /// made it, before or after `gps` started) and the SHM unit (`--shm UNIT`). Lines go to
    /// standard error. An SHM unit that cannot be attached (`gps serve` checked it before serving,
    /// so another program changed it since: a device's later run, after `gpsdctl` added it again)
    /// is said in one line, and the samples go on to chronyd.
    func sink(forDevice devicePath: String) -> TimeSink {
        var outputs: [any TimeSampleOutput] = []
        if let path = chronySocket {
            outputs.append(ChronySocket(path: path, log: { printError($0) }))
        } else {
            outputs.append(ChronySocket(path: ChronySocket.defaultPath(forDevice: devicePath), isOptional: true, log: { printError($0) }))
        }
        if let unit = sharedMemoryUnit {
            do throws(TimeServiceError) {
                outputs.append(try SharedMemoryRefclock(unit: unit))
                printError("gps: writing time samples to the NTP shared-memory refclock unit \(unit) (`refclock SHM \(unit)`)")
            } catch {
                printError("gps: \(error); time samples of \(devicePath) go to chronyd only")
            }
        }
        return TimeSink(outputs)
    }
}
