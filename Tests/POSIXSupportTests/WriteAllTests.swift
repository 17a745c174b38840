// The seam forces errnos and short writes in debug builds only.
#if DEBUG
import Glibc
import POSIXSupport
import Testing

/// `Syscalls.writeAll`, the one "write everything" loop, on a real pipe: short writes go on
/// where they stopped, `EINTR` is retried, any other errno ends it with how far it got, and a
/// full non-blocking pipe waits for room as the caller says.
@Suite("Write everything")
struct WriteAllTests {
    private let bytes = (0..<100).map { UInt8($0) }

    /// Reads what the pipe holds (up to 64 KiB).
    private func drain(_ fd: CInt) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { (try? Syscalls.read(fd, $0).get()) ?? 0 }
        return Array(buffer.prefix(count))
    }

    @Test("three bytes a write, with EINTR between: every byte arrives, in order, in 34 writes that succeed")
    func shortWritesAndInterrupts() throws {
        let (readEnd, writeEnd) = try Syscalls.pipe().get()
        defer { _ = Syscalls.close(readEnd); _ = Syscalls.close(writeEnd) }
        let plan = FaultInjection()
        plan.limitWrites(to: 3)
        plan.fail(.write, with: EINTR, times: 5)
        let result = FaultInjection.$current.withValue(plan) { bytes.withUnsafeBytes { Syscalls.writeAll(writeEnd, $0) } }
        #expect(result.failure == nil)
        #expect(plan.calls(of: .write) == 5 + 34)
        #expect(drain(readEnd) == bytes)
    }

    @Test("EIO after two short writes ends it with EIO, written saying the 6 bytes that went")
    func failureSaysHowFar() throws {
        let (readEnd, writeEnd) = try Syscalls.pipe().get()
        defer { _ = Syscalls.close(readEnd); _ = Syscalls.close(writeEnd) }
        let plan = FaultInjection([.write: [0, 0, EIO]])
        plan.limitWrites(to: 3)
        var written = 0
        let result = FaultInjection.$current.withValue(plan) {
            bytes.withUnsafeBytes { Syscalls.writeAll(writeEnd, $0, written: &written) }
        }
        #expect(result.failure == .EIO)
        #expect(written == 6)
        #expect(drain(readEnd) == Array(bytes.prefix(6)))
    }

    @Test("a full non-blocking pipe: EAGAIN is a failure without a wait for room; with one, it waits, and stops when told")
    func fullPipe() throws {
        let (readEnd, writeEnd) = try Syscalls.pipe().get()
        defer { _ = Syscalls.close(readEnd); _ = Syscalls.close(writeEnd) }
        let block = [UInt8](repeating: 1, count: 1 << 20)
        var written = 0
        let unwaited = block.withUnsafeBytes { Syscalls.writeAll(writeEnd, $0, written: &written) }
        #expect(unwaited.failure == .EAGAIN)
        #expect(written > 0 && written < block.count, "the pipe took what it holds")
        var waits = 0
        let stopped = block.withUnsafeBytes { buffer in
            Syscalls.writeAll(buffer, written: &written, write: { Syscalls.write(writeEnd, $0) }) {
                waits += 1
                return waits < 3 && !drain(readEnd).isEmpty
            }
        }
        #expect(stopped.failure == nil, "stopping is not a failure: written says how far it got")
        #expect(waits == 3)
        #expect(written < block.count)
    }
}
#endif
