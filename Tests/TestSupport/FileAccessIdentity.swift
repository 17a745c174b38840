import Glibc

/// Runs file-system checks as another user on the calling thread only, with Linux's
/// `setfsuid`/`setfsgid`, so a suite running as root still gets a real `EACCES`.
///
/// Root bypasses file modes (`CAP_DAC_OVERRIDE`). Changing the file-system uid away from 0
/// drops that capability for this thread's file accesses; setting it back restores it.
/// Unlike `setuid`, nothing else in the process notices. Glibc's Swift module hides the calls,
/// so they are looked up with `dlsym`.
public enum FileAccessIdentity {
    /// Debian's `nobody` user id.
    public static let nobody: uid_t = 65534
    /// Debian's `nogroup` group id.
    public static let nogroup: gid_t = 65534

    private typealias SetFileSystemID = @convention(c) (UInt32) -> CInt

    private static func function(_ name: String) -> SetFileSystemID? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: SetFileSystemID.self)
    }

    /// Runs `body` synchronously with this thread's file accesses checked as `nobody`.
    /// `body` must not suspend: the identity belongs to the thread, not the task.
    public static func asNobody<T>(_ body: () throws -> T) rethrows -> T {
        guard geteuid() == 0, let setfsuid = function("setfsuid"), let setfsgid = function("setfsgid") else {
            return try body()  // already unprivileged: file modes apply as they are
        }
        _ = setfsgid(nogroup)
        _ = setfsuid(nobody)
        defer {
            _ = setfsuid(0)
            _ = setfsgid(0)
        }
        return try body()
    }
}
