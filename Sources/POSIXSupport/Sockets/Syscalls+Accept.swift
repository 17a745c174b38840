import CPOSIXSupport

/// The call a server makes for each connection (`GPSD`'s servers, `NTRIP`'s caster), through
/// the package's one seam (`Syscalls.check`).
extension Syscalls {
    /// `accept4` with `SOCK_CLOEXEC | SOCK_NONBLOCK`: a connected, non-blocking descriptor.
    package static func accept(_ fd: CInt) -> Result<CInt, Errno> {
        check(.accept) { cposix_accept_cloexec_nonblock(fd) }
    }
}
