import FoundationEssentials
import Glibc
import POSIXSupport
import SerialPort

/// Who holds a device open, from `/proc/*/fd`: what `gps` says when a device is busy.
enum DeviceHolder {
    /// A process with the device open.
    struct Process: Equatable {
        var pid: Int
        /// Its command name (`/proc/PID/comm`), such as `gpsd`.
        var name: String
    }

    /// The processes (other than this one) that have `path`, or what it links to, open; empty
    /// when none can be seen (another user's processes are hidden from non-root users).
    static func processes(holding path: String, proc: String = "/proc") -> [Process] {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let me = Int(getpid())
        let files = FileManager.default
        var holders: [Process] = []
        for entry in (try? files.contentsOfDirectory(atPath: proc)) ?? [] {
            guard let pid = Int(entry), pid != me else { continue }
            let descriptors = "\(proc)/\(entry)/fd"
            let holds = ((try? files.contentsOfDirectory(atPath: descriptors)) ?? []).contains { fd in
                (try? files.destinationOfSymbolicLink(atPath: "\(descriptors)/\(fd)")) == target
            }
            guard holds else { continue }
            let name = (try? String(contentsOfFile: "\(proc)/\(entry)/comm", encoding: .utf8))?
                .trimmingWhitespace() ?? "?"
            holders.append(Process(pid: pid, name: name))
        }
        return holders.sorted { $0.pid < $1.pid }
    }

    /// The hint for `path` when it is busy now (opening it fails with `EBUSY`), else `nil`.
    static func busyHint(for path: FilePath) -> String? {
        do throws(SerialPortError) {
            try SerialPort(path: path).close()
            return nil
        } catch {
            guard case .busy = error else { return nil }
            return hint(for: path.description)
        }
    }

    /// The processes named `name` (`/proc/PID/comm`), which anyone may read.
    static func processes(named name: String, proc: String = "/proc") -> [Process] {
        ((try? FileManager.default.contentsOfDirectory(atPath: proc)) ?? []).compactMap { entry in
            guard let pid = Int(entry),
                  let comm = try? String(contentsOfFile: "\(proc)/\(entry)/comm", encoding: .utf8),
                  comm.trimmingWhitespace() == name else { return nil }
            return Process(pid: pid, name: name)
        }.sorted { $0.pid < $1.pid }
    }

    /// What to tell the user about a busy `path`: who holds it and, when that is gpsd, how to
    /// read through gpsd instead. A user may not see root's descriptors: then a running gpsd
    /// is named as the likely holder. `nil` when nothing is known.
    static func hint(for path: String) -> String? {
        let throughGpsd = "read through it with `gps read gpsd://localhost`, or stop it "
            + "(`sudo systemctl stop gpsd.socket gpsd`)."
        let holders = processes(holding: path)
        guard !holders.isEmpty else {
            guard let gpsd = processes(named: "gpsd").first else { return nil }
            return "gps: gpsd (pid \(gpsd.pid)) is running and probably holds \(path): " + throughGpsd
        }
        let names = holders.map { "\($0.name) (pid \($0.pid))" }.joined(separator: ", ")
        guard holders.contains(where: { $0.name == "gpsd" }) else { return "gps: \(path) is held by \(names)." }
        return "gps: \(path) is held by \(names). gpsd owns the receiver: " + throughGpsd
    }
}
