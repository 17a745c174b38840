import GPSD
import POSIXSupport

/// `gps serve --control PATH`: gpsd's control commands carried out on the served receivers.
enum ControlCommands {
    /// The control socket at `path`: `+PATH` adds a receiver (`ERROR` when nothing is there, it
    /// is not a serial device or is a console, or is served already), `-PATH` removes one
    /// (`ERROR` when it is not served), `?devices` lists them. Each refused command is logged
    /// with its reason: gpsdctl exits 0 whatever the answer, so the log is where a refusal shows.
    static func socket(at path: FilePath, for receivers: ServedReceivers) throws(GPSDError) -> GPSDControlSocket {
        try GPSDControlSocket(path: path) { command in
            switch command {
            case .add(let device):
                do throws(ServedReceivers.Refusal) {
                    try receivers.add(FilePath(device), isControlled: true)
                    printError("gps: added \(device) (control socket)")
                    return .ok
                } catch {
                    printError("gps: refused to add \(device) (control socket): \(error)")
                    return .error
                }
            case .remove(let device):
                guard receivers.remove(device) else {
                    printError("gps: refused to remove \(device) (control socket): it is not served")
                    return .error
                }
                printError("gps: removed \(device) (control socket)")
                return .ok
            case .listDevices:
                return .devices(receivers.paths)
            }
        }
    }
}
