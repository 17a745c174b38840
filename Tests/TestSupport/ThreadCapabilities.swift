import Glibc

/// Runs code on the calling thread without `CAP_SYS_ADMIN`, so a suite running as root meets
/// the checks the kernel makes of every other user: a terminal another descriptor holds with
/// `TIOCEXCL` refuses `open` with `EBUSY`, which root (`CAP_SYS_ADMIN`) passes.
///
/// Linux keeps capabilities per thread: `capset` on this thread drops the capability from its
/// effective set only, leaves it permitted, and raises it again afterwards. Nothing else in the
/// process notices. Glibc's Swift module hides the calls, so they are looked up with `dlsym`.
public enum ThreadCapabilities {
    private struct Header {
        var version: UInt32 = 0x2008_0522  // _LINUX_CAPABILITY_VERSION_3
        var pid: CInt = 0  // this thread
    }

    private struct Data {
        var effective: UInt32 = 0
        var permitted: UInt32 = 0
        var inheritable: UInt32 = 0
    }

    private typealias CapabilityCall = @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> CInt

    private static func function(_ name: String) -> CapabilityCall? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: CapabilityCall.self)
    }

    /// `CAP_SYS_ADMIN`'s bit in the first word of the sets.
    private static let sysAdmin: UInt32 = 1 << 21

    /// Runs `body` synchronously with `CAP_SYS_ADMIN` out of this thread's effective set, and
    /// restores it after. `body` must not suspend: the capability belongs to the thread, not the
    /// task. Without the capability to begin with, `body` runs as it is.
    public static func withoutSysAdmin<T>(_ body: () throws -> T) rethrows -> T {
        guard let capget = function("capget"), let capset = function("capset") else { return try body() }
        var header = Header()
        var sets = [Data(), Data()]
        guard capget(&header, &sets) == 0, sets[0].effective & sysAdmin != 0 else { return try body() }
        var dropped = sets
        dropped[0].effective &= ~sysAdmin
        guard capset(&header, &dropped) == 0 else { return try body() }
        defer { _ = capset(&header, &sets) }
        return try body()
    }

    /// Whether this thread has `CAP_SYS_ADMIN` in its effective set now.
    public static var hasSysAdmin: Bool {
        guard let capget = function("capget") else { return false }
        var header = Header()
        var sets = [Data(), Data()]
        return capget(&header, &sets) == 0 && sets[0].effective & sysAdmin != 0
    }
}
