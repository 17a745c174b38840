import Glibc
import Testing
import TestSupport
@testable import SerialPort

/// Waiting for bytes: in poll, woken by data, unplug, close or cancellation, never spinning.
@Suite("Waiting for bytes")
struct WaitingAndUnplugTests {
    @Test("an idle read sleeps in poll, uses no measurable CPU, and times out with 0")
    func idleReadCostsNothing() async throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        let (count, waited, cpu) = await onOwnThread { () -> (Int, Duration, Duration) in
            var buffer = [UInt8](repeating: 0, count: 64)
            let cpuBefore = threadCPUTime()
            let start = ContinuousClock.now
            let count = (try? buffer.withUnsafeMutableBytes { try port.read(into: $0, timeout: .milliseconds(400)) }) ?? -1
            return (count, ContinuousClock.now - start, threadCPUTime() - cpuBefore)
        }
        #expect(count == 0)
        #expect(waited >= .milliseconds(400))
        // A tenth of the wait: a busy loop would burn all 400 ms it is given; a sanitizer's
        // bookkeeping around one `poll` costs a few.
        #expect(cpu < .milliseconds(40), "a busy loop would burn the whole 400 ms")
    }

    @Test("unplugging surfaces .disconnected within a second, without spinning meanwhile")
    func unplugIsNoticed() async throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        // Both sides on threads of their own, started at once, and the latency measured from the
        // unplug itself, so a busy cooperative pool (the whole suite runs in parallel on two
        // cores) can neither delay the unplug nor pass for slow detection.
        let unplugger = OwnThread { () -> ContinuousClock.Instant in
            // Time for the reader to block in `poll` first, so that the unplug wakes it; were the
            // reader later, the read would fail at once and every assertion still hold.
            usleep(300_000)
            receiver.unplug()
            return ContinuousClock.now
        }
        let (outcome, endedAt, cpu) = await onOwnThread {
            () -> (Result<Int, SerialPortError>, ContinuousClock.Instant, Duration) in
            var buffer = [UInt8](repeating: 0, count: 64)
            let cpuBefore = threadCPUTime()
            let outcome = buffer.withUnsafeMutableBytes { buffer in
                Result { () throws(SerialPortError) in try port.read(into: buffer, timeout: .seconds(10)) }
            }
            return (outcome, ContinuousClock.now, threadCPUTime() - cpuBefore)
        }
        let unplugged = await unplugger.value
        #expect(outcome == .failure(.disconnected(path: receiver.devicePath, errno: EIO))
            || outcome == .failure(.disconnected(path: receiver.devicePath, errno: 0)))
        // Woken by the hang-up itself, not a timer: well before the read's 10 s timeout, however
        // loaded the machine (a sanitizer runs everything 5–20× slower).
        #expect(endedAt - unplugged < .seconds(5))
        #expect(cpu < .milliseconds(30), "a busy loop would burn the whole wait")
    }

    @Test("closing the port wakes a reader blocked on another thread")
    func closeWakesReader() async throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        // The closer on a thread of its own, as the unplug above: a task could wait on a busy
        // cooperative pool until the read had timed out.
        let closer = OwnThread {
            // Time for the reader to block first; were it later, the read would fail the same.
            usleep(100_000)
            port.close()
        }
        let outcome = await onOwnThread { () -> Result<Int, SerialPortError> in
            var buffer = [UInt8](repeating: 0, count: 64)
            return buffer.withUnsafeMutableBytes { buffer in
                Result { () throws(SerialPortError) in try port.read(into: buffer, timeout: .seconds(10)) }
            }
        }
        await closer.value
        #expect(outcome == .failure(.system(path: receiver.devicePath, operation: "read", errno: EBADF)))
    }

    @Test("the chunk sequence yields the bytes in order")
    func chunksCarryBytes() async throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        let expected = (0..<20).flatMap { checksummedLine("GPGGA,\($0),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,") }
        try receiver.send(expected)
        var received: [UInt8] = []
        for try await chunk in port.chunks(maximumLength: 100) {
            #expect(!chunk.isEmpty && chunk.count <= 100)
            received += chunk
            if received.count >= expected.count { break }
        }
        #expect(received == expected)
    }

    @Test("cancelling the iterating task ends the sequence promptly, without an error")
    func cancellationEndsSequence() async throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        let first = checksummedLine("GPRMC,1")
        let reader = Task { () async throws -> [UInt8] in
            var received: [UInt8] = []
            for try await chunk in port.chunks() { received += chunk }
            return received
        }
        try receiver.send(first)
        try await waitUntilDrained(receiver)
        let start = ContinuousClock.now
        reader.cancel()
        let received = try await reader.value
        // Generous for a loaded machine: without cancellation the sequence would wait forever.
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(received == first)
        #expect(!port.isClosed, "cancelling a loop leaves the port usable")
        try receiver.send(first)
        #expect(try readBytes(first.count, from: port) == first)
    }

    @Test("a sequence iterated in an already cancelled task ends at once")
    func alreadyCancelled() async throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        let reader = Task { () async throws -> Int in
            while !Task.isCancelled { await Task.yield() }
            var chunks = 0
            for try await _ in port.chunks() { chunks += 1 }
            return chunks
        }
        reader.cancel()
        #expect(try await reader.value == 0)
    }

    @Test("a sequence over a port closed beforehand is empty")
    func closedBeforehand() async throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        port.close()
        var chunks = 0
        for try await _ in port.chunks() { chunks += 1 }
        #expect(chunks == 0)
    }

    @Test("the sequence throws .disconnected on unplug, and ends when the port closes")
    func sequenceEnds() async throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        let unplugged = Task { () async throws in
            for try await _ in port.chunks() {}
        }
        // Time for the reader to wait first; were it later, the sequence would end the same.
        try await Task.sleep(for: .milliseconds(100))
        receiver.unplug()
        let outcome = await unplugged.result
        guard case .failure(let error) = outcome,
              case .disconnected(receiver.devicePath, _)? = error as? SerialPortError else {
            Issue.record("expected .disconnected, got \(outcome)")
            return
        }

        let second = try VirtualReceiver()
        let secondPort = try SerialPort(path: second.devicePath)
        let closed = Task { () async throws -> Int in
            var chunks = 0
            for try await _ in secondPort.chunks() { chunks += 1 }
            return chunks
        }
        // Time for the reader to wait first; were it later, the sequence would end the same.
        try await Task.sleep(for: .milliseconds(100))
        secondPort.close()
        #expect(try await closed.value == 0)
    }
}
