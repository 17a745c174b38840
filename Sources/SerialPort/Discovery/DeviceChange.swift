import Glibc
import POSIXSupport

extension SerialPort {
    /// Waits until a device may have come, gone or changed its permissions, for a reader that
    /// could not open it: an event rather than a fixed pause, so a receiver plugged in (or a
    /// `chmod`, a udev rule applied) is tried again at once.
    ///
    /// Watches, with inotify, the entry `path` names in its directory (created, removed,
    /// renamed, its mode or owner changed: a device node, a `/dev/serial/by-id/` link) and, while
    /// it exists, what it leads to; with no `path` (discovery), the `ttyUSB*` and `ttyACM*`
    /// entries of `/dev`. Other entries of a busy directory wake nothing. Returns on the first
    /// such change, after `timeout` at the latest (a change inotify cannot see, such as a group
    /// joined, or a directory that does not exist yet), or when the task is cancelled, waiting on
    /// the event loop: no thread is held.
    ///
    /// With `missingBefore` (the last attempt found nothing at `path`), a `path` that exists once
    /// the watch is in place returns at once: it came between that attempt and the watch.
    ///
    /// - Returns: False when the task was cancelled.
    package static func waitForDeviceChange(at path: FilePath?, upTo timeout: Duration, missingBefore: Bool = false) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        guard case .success(let fd) = Syscalls.inotify() else { return await sleep(until: deadline) }
        defer { _ = Syscalls.close(fd) }
        let (directory, names) = path.map { (directoryName(of: $0), [$0.lastComponent.bytes]) }
            ?? ("/dev", [Array("ttyUSB".utf8), Array("ttyACM".utf8)])
        let inDirectory = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_ATTRIB)
        guard case .success(let directoryWatch) = Syscalls.watch(fd, directory, inDirectory) else {
            return await sleep(until: deadline)
        }
        if let path { _ = Syscalls.watch(fd, path, UInt32(IN_ATTRIB | IN_DELETE_SELF)) }
        // Missing at the last attempt and there now: it came before the watch began.
        if missingBefore, let path, case .success = Syscalls.stat(path) { return true }
        while true {
            switch await EventLoop.shared.waitUntilReadable(fd, until: deadline) {
            case .ready:
                if changes(on: fd, directoryWatch: directoryWatch, concern: { name in
                    path == nil ? names.contains { name.starts(with: $0) } : names.contains(name)
                }) { return true }
            case .timedOut: return true
            case .cancelled: return false
            case .failed: return await sleep(until: deadline)
            }
        }
    }

    /// Reads the waiting events; true when one concerns the device: any event of the device's
    /// own watch, or one of the directory's about an entry `concern` accepts.
    private static func changes(on fd: CInt, directoryWatch: CInt, concern: ([UInt8]) -> Bool) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var found = false
        while true {
            let read = buffer.withUnsafeMutableBytes { bytes in Syscalls.retryingOnInterrupt { Syscalls.read(fd, bytes) } }
            guard case .success(let count) = read, count > 0 else { return found }
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= count {
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameBytes = bytes[(offset + header)..<min(count, offset + header + Int(event.len))]
                    let name = Array(nameBytes.prefix { $0 != 0 })
                    if event.wd != directoryWatch || concern(name) { found = true }
                    offset += header + Int(event.len)
                }
            }
        }
    }

    private static func directoryName(of path: FilePath) -> FilePath {
        guard let slash = path.bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == 0 ? "/" : FilePath(bytes: path.bytes[..<slash])
    }

    private static func sleep(until deadline: ContinuousClock.Instant) async -> Bool {
        (try? await EventLoop.shared.sleep(until: deadline)) != nil
    }
}
