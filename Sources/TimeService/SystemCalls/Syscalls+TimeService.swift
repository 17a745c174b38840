import CTimeService
import Glibc
import POSIXSupport

/// The calls only `TimeService` makes, through the package's one seam (`Syscalls.check`).
extension Syscalls {
    /// A close-on-exec, non-blocking Unix datagram socket (`socket(AF_UNIX, SOCK_DGRAM)`).
    static func unixDatagramSocket() -> Result<CInt, Errno> {
        let type = CInt(SOCK_DGRAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue) | CInt(SOCK_NONBLOCK.rawValue)
        return check(.socket) { Glibc.socket(AF_UNIX, type, 0) }
    }

    /// `connect` to the Unix socket at `path`: `ENOENT` when nothing is there, `ECONNREFUSED`
    /// when nobody is bound to it any more, `ENAMETOOLONG` past 107 bytes.
    static func connect(_ fd: CInt, unixPath path: String) -> Result<Void, Errno> {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let bytes = Array(path.utf8)
        guard bytes.count < capacity else { return .failure(Errno(Glibc.ENAMETOOLONG)) }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                check(.connect) { Glibc.connect(fd, pointer, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        }.map { _ in }
    }

    /// `send` with `MSG_NOSIGNAL | MSG_DONTWAIT`: never a `SIGPIPE`, never a wait.
    static func sendDatagram(_ fd: CInt, _ buffer: UnsafeRawBufferPointer) -> Result<Int, Errno> {
        check(.send) { Glibc.send(fd, buffer.baseAddress, buffer.count, CInt(MSG_NOSIGNAL) | CInt(MSG_DONTWAIT)) }
    }

    /// `shmget(key, size, flags)`: the segment's id.
    static func sharedMemory(key: Int32, size: Int, flags: CInt) -> Result<CInt, Errno> {
        check(.shmget) { ctimeservice_shmget(key, size, flags) }
    }

    /// `shmat(id, NULL, 0)`: the segment's address.
    static func attachSharedMemory(_ id: CInt) -> Result<UnsafeMutableRawPointer, Errno> {
        var address: UnsafeMutableRawPointer?
        return check(.shmat) { () -> CInt in
            address = ctimeservice_shmat(id)
            return address == nil ? -1 : 0
        }.map { _ in address! }
    }
}
