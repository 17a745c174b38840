// The seam forces errnos in debug builds only.
#if DEBUG
import Glibc
import POSIXSupport
import Testing

/// The plan every call of the seam consults, on a real pipe: forced errnos come in order and
/// are used up, later calls run for real, and every call that saw the plan is counted.
@Suite("Fault injection")
struct FaultInjectionTests {
    @Test("forced errnos fail the planned calls in order, then the calls run for real")
    func forcedInOrder() throws {
        let plan = FaultInjection([.pipe: [EMFILE, ENFILE]])
        let outcomes = FaultInjection.$current.withValue(plan) { (0..<3).map { _ in Syscalls.pipe() } }
        #expect(outcomes.prefix(2).map(\.failure) == [Errno(EMFILE), Errno(ENFILE)])
        let (readEnd, writeEnd) = try outcomes[2].get()
        _ = Syscalls.close(readEnd)
        _ = Syscalls.close(writeEnd)
        #expect(plan.unused == 0)
        #expect(plan.calls(of: .pipe) == 3)
        #expect(plan.calls(of: .close) == 0, "calls outside the plan's task are not counted")
    }

    @Test("retryingOnInterrupt goes through a storm of EINTR, and stops at any other errno")
    func interruptStorm() throws {
        let pipe = try Syscalls.pipe().get()
        defer { _ = Syscalls.close(pipe.0); _ = Syscalls.close(pipe.1) }
        let plan = FaultInjection()
        plan.fail(.write, with: EINTR, times: 1000)
        plan.fail(.write, with: EIO)
        let byte: [UInt8] = [7]
        let written = FaultInjection.$current.withValue(plan) {
            byte.withUnsafeBytes { bytes in Syscalls.retryingOnInterrupt { Syscalls.write(pipe.1, bytes) } }
        }
        #expect(written.failure == .EIO)
        #expect(plan.calls(of: .write) == 1001)
        let again = FaultInjection.$current.withValue(plan) {
            byte.withUnsafeBytes { bytes in Syscalls.retryingOnInterrupt { Syscalls.write(pipe.1, bytes) } }
        }
        #expect(again == .success(1))
    }

    @Test("limitReads caps every read, and nil lifts the cap")
    func shortReads() throws {
        let pipe = try Syscalls.pipe().get()
        defer { _ = Syscalls.close(pipe.0); _ = Syscalls.close(pipe.1) }
        let bytes: [UInt8] = Array("$GPGGA".utf8)
        #expect(bytes.withUnsafeBytes { Syscalls.write(pipe.1, $0) } == .success(bytes.count))
        let plan = FaultInjection()
        var buffer = [UInt8](repeating: 0, count: 64)
        plan.limitReads(to: 1)
        let first = FaultInjection.$current.withValue(plan) { buffer.withUnsafeMutableBytes { Syscalls.read(pipe.0, $0) } }
        plan.limitReads(to: nil)
        let rest = FaultInjection.$current.withValue(plan) { buffer.withUnsafeMutableBytes { Syscalls.read(pipe.0, $0) } }
        #expect(first == .success(1))
        #expect(rest == .success(bytes.count - 1))
    }

    @Test("limitWrites caps every write; a planned 0 lets its call run for real before the next errno")
    func shortWrites() throws {
        let pipe = try Syscalls.pipe().get()
        defer { _ = Syscalls.close(pipe.0); _ = Syscalls.close(pipe.1) }
        let bytes: [UInt8] = Array("$GPGGA".utf8)
        let plan = FaultInjection([.write: [0, ENOSPC]])
        plan.limitWrites(to: 2)
        let results = FaultInjection.$current.withValue(plan) {
            (0..<3).map { _ in bytes.withUnsafeBytes { Syscalls.write(pipe.1, $0) } }
        }
        #expect(results == [.success(2), .failure(Errno(ENOSPC)), .success(2)])
        #expect(plan.unused == 0)
        plan.limitWrites(to: nil)
        let whole = FaultInjection.$current.withValue(plan) { bytes.withUnsafeBytes { Syscalls.write(pipe.1, $0) } }
        #expect(whole == .success(bytes.count))
    }

    @Test("a held plan binds itself around a call, unless the task has bound one of its own")
    func heldPlan() {
        let held: FaultInjection? = FaultInjection([.poll: [EINTR]])
        let taskPlan = FaultInjection([.poll: [EBADF]])
        var none: [pollfd] = []
        let underTask = FaultInjection.$current.withValue(taskPlan) { held.applying { Syscalls.poll(&none, timeout: 0) } }
        let underHeld = held.applying { Syscalls.poll(&none, timeout: 0) }
        #expect(underTask.failure == .EBADF)
        #expect(underHeld.failure == .EINTR)
        #expect(FaultInjection.current == nil, "applying unbinds the plan afterwards")
        let noPlan: FaultInjection? = nil
        #expect(noPlan.applying { Syscalls.poll(&none, timeout: 0) } == .success(0))
    }
}
#endif
