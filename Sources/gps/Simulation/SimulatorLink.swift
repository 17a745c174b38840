import Glibc
import POSIXSupport
import SerialPort

/// What stands in the way of `gps simulate --pty --link LINK`, checked before the
/// pseudo-terminal is made: a link is replaced only when it is stale.
enum SimulatorLink {
    /// Why `link` cannot be made, with what to do; `nil` when it can.
    ///
    /// Its folder must be there. A link already there is replaced only when what it points at
    /// is gone (left by a run that ended without removing it): one that points at a device
    /// that is there, most likely another live simulator's pseudo-terminal, is refused, since
    /// replacing it would take the name from that simulator and remove it when this one ends.
    static func problem(with link: FilePath) -> String? {
        let slash = link.bytes.lastIndex(of: UInt8(ascii: "/"))
        let folder: FilePath = slash.map { $0 == 0 ? "/" : FilePath(bytes: link.bytes[..<$0]) } ?? "."
        guard case .success(let status) = Syscalls.stat(folder), status.st_mode & S_IFMT == S_IFDIR else {
            return "cannot make the link \(link): its folder \(folder) does not exist. Create it first, or choose "
                + "another --link."
        }
        guard case .success(let target) = Syscalls.readlink(link), case .success(let status) = Syscalls.stat(link),
              status.st_mode & S_IFMT == S_IFCHR
        else { return nil }
        return "\(link) already links to \(target), a device that is there (another gps simulate's pseudo-terminal?): "
            + "stop that simulator, or choose another --link."
    }

    /// The simulated receiver's pseudo-terminal, linked from `link` when given; nil after saying
    /// on standard error why it cannot be made (the link's problem, or the pty's error).
    static func makeReceiver(linkedFrom link: FilePath?) -> VirtualReceiver? {
        if let link, let problem = problem(with: link) {
            printError("gps: " + problem)
            return nil
        }
        do {
            return try VirtualReceiver(link: link)
        } catch {
            printError("gps: cannot create the virtual receiver: \(error)")
            return nil
        }
    }
}
