import POSIXSupport

extension SerialPort {
    /// Checks, without opening it, that `path` (a link is followed) names a device a port may
    /// be opened on: a character device that a terminal driver claims (`/proc/tty/drivers`)
    /// and that is not a console. Opening checks the same, before any setting is touched.
    ///
    /// The corresponding C call is `stat`.
    ///
    /// - Throws: `.notFound` when nothing is there, `.permissionDenied` when a directory on
    ///   the way may not be searched, `.notASerialDevice` for a directory, a file or a device
    ///   that is no terminal (`/dev/null`), `.console` for `/dev/console`, `/dev/tty`, a virtual
    ///   console or the kernel's console device, or `.system`.
    public static func checkDevice(at path: String) throws(SerialPortError) {
        try checkDevice(at: FilePath(path))
    }

    /// Checks, without opening it, that `path`, bytes that need not be UTF-8, names a device a
    /// port may be opened on, as `checkDevice(at:)` with a `String` does.
    ///
    /// - Throws: What `checkDevice(at:)` throws; errors name the path with each byte that is not
    ///   UTF-8 written `\xFF`.
    public static func checkDevice(at path: FilePath) throws(SerialPortError) {
        let info = try Syscalls.stat(path).get { .opening(path.description, "stat", $0) }
        try DeviceNode.check(path.description, info)
    }
}
