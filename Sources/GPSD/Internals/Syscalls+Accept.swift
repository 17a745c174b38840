import CGPSD
import POSIXSupport

/// The one socket call only `GPSD`'s servers make, through the package's one seam
/// (`Syscalls.check`); the others are `POSIXSupport`'s.
extension Syscalls {
    /// `accept4` with `SOCK_CLOEXEC | SOCK_NONBLOCK`: a connected, non-blocking descriptor.
    static func accept(_ fd: CInt) -> Result<CInt, Errno> {
        check(.accept) { cgpsd_accept_cloexec_nonblock(fd) }
    }
}
