import Foundation
import POSIXSupport
import Testing
import TestSupport
import TimeService

/// `SharedMemoryRefclock`'s segments: the mode each unit is created with, and what an attach
/// that fails says. The segments are made with keys away from the time service's (`baseKey`), and
/// removed after.
@Suite("NTP shared-memory refclock segments")
struct SharedMemoryRefclockTests {
    @Test("units 0 and 1 are created 0600 (root's time service only), units 2 and up 0666 (any user's gps)")
    func creationModes() async throws {
        let units = [0, 1, 2, 3, 9]
        let base = try await Self.unusedBaseKey(units: units)
        var created: Result<Void, TimeServiceError> = .success(())
        for unit in units {
            do throws(TimeServiceError) {
                _ = try SharedMemoryRefclock(unit: unit, baseKey: base)
            } catch {
                created = .failure(error)
            }
        }
        let modes = try await Self.segments()
        #expect(units.map { modes[base + Int32($0)]?.mode } == ["600", "600", "666", "666", "666"], "\(modes)")
        #expect(units.allSatisfy { modes[base + Int32($0)]?.size == 96 }, "\(modes)")
        try await Self.remove(units.map { base + Int32($0) })
        try created.get()
    }

    #if DEBUG
    @Test("a segment of another size whose size cannot be read says so, not that it is 0 bytes")
    func unreadableSize() {
        // shmget of 96 bytes finds a smaller segment (EINVAL); looking it up to read its size fails.
        #expect(throws: TimeServiceError.sharedMemoryWrongSize(unit: 2, key: 0x4E54_5032, size: nil)) {
            try forcing([.shmget: [EINVAL, EACCES]]) { try SharedMemoryRefclock(unit: 2) }
        }
        let error = TimeServiceError.sharedMemoryWrongSize(unit: 2, key: 0x4E54_5032, size: nil)
        #expect(error.description.contains("NTP2 (key 0x4e545032) is of a size that cannot be read, not an NTP refclock's 96 bytes"))
        #expect(!error.description.contains("0 bytes"))
    }
    #endif

    /// A segment's mode (octal, as `ipcs -m` prints it) and size in bytes.
    struct Segment: Equatable {
        var mode: String
        var size: Int
    }

    /// The system's segments by key, from `ipcs -m`.
    static func segments() async throws -> [Int32: Segment] {
        let listing = try await Subprocess.run("/usr/bin/ipcs", ["-m"])
        var found: [Int32: Segment] = [:]
        for line in listing.output.split(separator: "\n") {
            // key shmid owner perms bytes nattch status
            let fields = line.split(separator: " ")
            guard fields.count >= 5, fields[0].hasPrefix("0x"), let key = UInt32(fields[0].dropFirst(2), radix: 16),
                  let size = Int(fields[4]) else { continue }
            found[Int32(bitPattern: key)] = Segment(mode: String(fields[3]), size: size)
        }
        return found
    }

    /// A random base key none of whose `units` holds a segment.
    static func unusedBaseKey(units: [Int]) async throws -> Int32 {
        let taken = try await segments()
        for _ in 0..<100 {
            let base = Int32.random(in: 0x5A00_0000...0x5AFF_0000)
            if units.allSatisfy({ taken[base + Int32($0)] == nil }) { return base }
        }
        throw CancellationError()
    }

    /// Removes the segments of `keys` (`shmctl(IPC_RMID)` through `ipcrm -M`).
    static func remove(_ keys: [Int32]) async throws {
        for key in keys { _ = try await Subprocess.run("/usr/bin/ipcrm", ["-M", "\(key)"]) }
    }
}
