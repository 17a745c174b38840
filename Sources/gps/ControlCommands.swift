import GPSD

/// `gps serve --control PATH`: gpsd's control commands carried out on the served receivers.
enum ControlCommands {
    /// The control socket at `path`: `+PATH` adds a receiver (`ERROR` when it is not a
    /// character device now, or is served already), `-PATH` removes one (`ERROR` when it is
    /// not served), `?devices` lists them.
    static func socket(at path: String, for receivers: ServedReceivers) throws(GPSDError) -> GPSDControlSocket {
        try GPSDControlSocket(path: path) { command in
            switch command {
            case .add(let device):
                do throws(ServedReceivers.Refusal) {
                    try receivers.add(device, mustExist: true)
                    printError("gps: added \(device) (control socket)")
                    return .ok
                } catch {
                    return .error
                }
            case .remove(let device):
                guard receivers.remove(device) else { return .error }
                printError("gps: removed \(device) (control socket)")
                return .ok
            case .listDevices:
                return .devices(receivers.paths)
            }
        }
    }
}
