import POSIXSupport

/// Why a time output could not be set up, with what to do in its description.
public enum TimeServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The NTP shared-memory segment of `unit` belongs to another user and its mode refuses
    /// this one (`EACCES` from `shmget` or `shmat`).
    case sharedMemoryDenied(unit: Int, key: Int32)
    /// A segment with the unit's key exists but is `size` bytes (`nil` when its size cannot be
    /// read), not `struct shmTime`'s 96: something else uses the key.
    case sharedMemoryWrongSize(unit: Int, key: Int32, size: Int?)
    /// `operation` (`shmget`, `shmat`) failed with `errno`.
    case sharedMemory(unit: Int, key: Int32, operation: String, errno: CInt)

    public var description: String {
        switch self {
        case .sharedMemoryDenied(let unit, let key):
            "may not attach the NTP shared-memory segment \(Self.name(unit, key)): another user owns it "
                + "(see `ipcs -m`); run gps as that user, pick another --shm unit, or remove it with `ipcrm -M \(Self.hex(key))`"
        case .sharedMemoryWrongSize(let unit, let key, let size):
            "the shared-memory segment \(Self.name(unit, key)) is "
                + (size.map { "\($0) bytes" } ?? "of a size that cannot be read") + ", not an NTP refclock's 96 bytes: "
                + "something else uses that key (see `ipcs -m`); pick another --shm unit"
        case .sharedMemory(let unit, let key, let operation, let errno):
            "cannot set up the NTP shared-memory segment \(Self.name(unit, key)): \(operation) failed: \(Errno(errno))"
        }
    }

    private static func name(_ unit: Int, _ key: Int32) -> String { "NTP\(unit) (key \(hex(key)))" }

    private static func hex(_ key: Int32) -> String { "0x" + String(UInt32(bitPattern: key), radix: 16) }
}
