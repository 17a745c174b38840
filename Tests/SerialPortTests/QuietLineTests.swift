import POSIXSupport
import Testing
@testable import SerialPort

/// `arrivals(quietInterval:)`: the bytes as `chunks()` gives them, and one `.quiet` for each
/// silence after bytes, so a reader learns a receiver's burst is over without polling for it.
@Suite("Quiet line")
struct QuietLineTests {
    @Test("bytes arrive in order, and a silence after them is one .quiet")
    func silenceAfterBytes() async throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        let burst = (0..<5).flatMap { checksummedLine("GPGGA,\($0),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,") }
        try receiver.send(burst)
        var received: [UInt8] = []
        for try await arrival in port.arrivals(maximumLength: 64, quietInterval: .milliseconds(50)) {
            guard case .bytes(let chunk) = arrival else { break }
            #expect(!chunk.isEmpty && chunk.count <= 64)
            received += chunk
        }
        #expect(received == burst, "quiet comes only once every byte sent has been read")
    }

    @Test("nothing is quiet before the first bytes, and each silence is reported once")
    func oncePerSilence() async throws {
        let receiver = try VirtualReceiver()
        let port = try SerialPort(path: receiver.devicePath)
        let first = checksummedLine("GPRMC,1"), second = checksummedLine("GPRMC,2")
        // Silences of ten intervals, before the first bytes and after the first quiet, each
        // spent waiting in `next()`: the sleeps are the silences under test.
        let sendsFirst = Task {
            try await Task.sleep(for: .milliseconds(200))
            try receiver.send(first)
        }
        var sendsSecond: Task<Void, any Error>?
        var arrivals: [SerialPort.Arrival] = []
        for try await arrival in port.arrivals(quietInterval: .milliseconds(20)) {
            arrivals.append(arrival)
            guard arrival == .quiet else { continue }
            if sendsSecond != nil { break }
            sendsSecond = Task {
                try await Task.sleep(for: .milliseconds(200))
                try receiver.send(second)
            }
        }
        try await sendsFirst.value
        try await sendsSecond?.value
        #expect(Self.joiningBytes(arrivals) == [.bytes(first), .quiet, .bytes(second), .quiet])
    }

    #if DEBUG
    @Test("after a .quiet the reader parks in poll until bytes come: one wake-up per silence")
    func quietParksInPoll() async throws {
        let receiver = try VirtualReceiver()
        let faults = FaultInjection()
        let port = try SerialPort(path: receiver.devicePath, faults: faults)
        var arrivals = port.arrivals(quietInterval: .milliseconds(20)).makeAsyncIterator()
        try receiver.send(checksummedLine("GPRMC,1"))
        while case .bytes? = try await arrivals.next() {}
        let polls = faults.calls(of: .poll)
        let sender = Task {
            // Twenty-five intervals: a reader that woke each interval would poll 25 times. The
            // sleep is the silence under test; the assertion counts polls, not time.
            try await Task.sleep(for: .milliseconds(500))
            let pollsWhileQuiet = faults.calls(of: .poll) - polls
            try receiver.send(checksummedLine("GPRMC,2"))
            return pollsWhileQuiet
        }
        #expect(try await arrivals.next() == .bytes(checksummedLine("GPRMC,2")))
        // One poll parks the reader; the rest of the bound is for a signal that interrupts it
        // (`EINTR`, retried), such as the `SIGCHLD` of a process another test spawned.
        #expect(try await sender.value <= 5, "one poll parks the reader for the whole silence")
    }
    #endif

    /// `arrivals` with consecutive chunks joined: where a pseudo-terminal splits a write is
    /// its own business.
    private static func joiningBytes(_ arrivals: [SerialPort.Arrival]) -> [SerialPort.Arrival] {
        arrivals.reduce(into: []) { joined, arrival in
            if case .bytes(let more) = arrival, case .bytes(let earlier)? = joined.last {
                joined[joined.count - 1] = .bytes(earlier + more)
            } else {
                joined.append(arrival)
            }
        }
    }
}
