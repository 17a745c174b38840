import CTimeService
import Glibc
import POSIXSupport

/// The NTP shared-memory refclock (`refclock SHM UNIT` in chrony.conf, `server 127.127.28.UNIT`
/// in ntp.conf): each sample is written into the System V segment ntpd, chrony and gpsd share,
/// `struct shmTime` (96 bytes), in mode 1, for the time service to read at its own pace.
///
/// The segment's key is 0x4E545030 + `unit`. It is created if missing: units 0 and 1 with mode
/// 0600 (only root's time service reads them, as ntpd requires), 2 and up with 0666 (any user
/// may write them, so a `gps` without root serves a time service). The segment is left in place
/// when `gps` exits, as gpsd leaves it: the time service keeps it attached.
public final class SharedMemoryRefclock: TimeSampleOutput {
    /// The key of unit 0; unit *n* has this + *n*.
    public static let baseKey: Int32 = 0x4E54_5030
    /// The precision written: −1 (about 0.5 s, as log₂ seconds), as gpsd writes for NMEA.
    public static let precision: Int32 = -1

    /// The unit, 0 and up.
    public let unit: Int
    private let segment: UnsafeMutablePointer<ctimeservice_shm_time>

    /// Attaches the segment of `unit`, creating it if missing.
    ///
    /// - Throws: `TimeServiceError.sharedMemoryDenied` when another user's segment refuses
    ///   this one, `.sharedMemoryWrongSize` when a segment of another size holds the key,
    ///   `.sharedMemory` for any other failure.
    public convenience init(unit: Int) throws(TimeServiceError) {
        try self.init(unit: unit, baseKey: Self.baseKey)
    }

    /// `init(unit:)` with the key `baseKey` + `unit`: tests make their segments away from the
    /// time service's keys.
    package init(unit: Int, baseKey: Int32) throws(TimeServiceError) {
        precondition(unit >= 0, "an SHM unit is 0 or more")
        self.unit = unit
        let key = baseKey &+ Int32(clamping: unit)
        let size = MemoryLayout<ctimeservice_shm_time>.size
        let mode: CInt = unit < 2 ? 0o600 : 0o666
        let id: CInt
        switch Syscalls.sharedMemory(key: key, size: size, flags: IPC_CREAT | mode) {
        case .success(let found): id = found
        case .failure(.EACCES): throw .sharedMemoryDenied(unit: unit, key: key)
        case .failure(let errno) where errno == Errno(EINVAL):
            // A segment smaller than asked holds the key: say how big, if that can be read.
            let existing = try? Syscalls.sharedMemory(key: key, size: 0, flags: 0).get()
            let existingSize = existing.map { Int(ctimeservice_shm_size($0)) }
            throw .sharedMemoryWrongSize(unit: unit, key: key, size: existingSize.flatMap { $0 >= 0 ? $0 : nil })
        case .failure(let errno): throw .sharedMemory(unit: unit, key: key, operation: "shmget", errno: errno.rawValue)
        }
        let existingSize = ctimeservice_shm_size(id)
        if existingSize >= 0, existingSize != size {
            throw .sharedMemoryWrongSize(unit: unit, key: key, size: Int(existingSize))
        }
        switch Syscalls.attachSharedMemory(id) {
        case .success(let address): segment = address.bindMemory(to: ctimeservice_shm_time.self, capacity: 1)
        case .failure(.EACCES): throw .sharedMemoryDenied(unit: unit, key: key)
        case .failure(let errno): throw .sharedMemory(unit: unit, key: key, operation: "shmat", errno: errno.rawValue)
        }
    }

    deinit {
        _ = ctimeservice_shmdt(segment)
    }

    /// Writes `sample`: the receiver's time as the clock time, the system time as the receive
    /// time, leap and precision, between the two `count` increments of mode 1.
    public func send(_ sample: TimeSample) {
        ctimeservice_shm_write(
            segment, sample.receiverTime.seconds, sample.receiverTime.nanoseconds,
            sample.systemTime.seconds, sample.systemTime.nanoseconds, CInt(sample.leap), Self.precision)
    }
}
