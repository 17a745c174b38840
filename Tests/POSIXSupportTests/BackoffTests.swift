import POSIXSupport
import Testing

@Suite("Reconnection backoff")
struct BackoffTests {
    @Test("steps double up to the maximum, each wait between half the step and the step, and reset starts over")
    func doubling() {
        var lowest = Backoff(initial: .seconds(1), maximum: .seconds(8), random: { $0.lowerBound })
        #expect((0..<6).map { _ in lowest.next() } == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(4), .seconds(4)])
        lowest.reset()
        #expect(lowest.next() == .milliseconds(500))
        var highest = Backoff(initial: .seconds(1), maximum: .seconds(8), random: { $0.upperBound })
        #expect((0..<5).map { _ in highest.next() } == [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(8)])
    }

    @Test("a connection that ends before the steady uptime leaves the steps growing; one that stayed up starts them over")
    func steadyUptime() {
        var backoff = Backoff(initial: .seconds(1), maximum: .seconds(8), random: { $0.upperBound }, steadyUptime: .seconds(30))
        #expect(backoff.next() == .seconds(1))
        let short = backoff.connectionEnded(after: .seconds(29))
        #expect(!short)
        #expect(backoff.next() == .seconds(2))
        let steady = backoff.connectionEnded(after: .seconds(30))
        #expect(steady)
        #expect(backoff.next() == .seconds(1))
        #expect(Backoff().steadyUptime == .seconds(30))
    }

    @Test("with the system's generator, waits differ between clients (jitter) and stay in range")
    func jitter() {
        let waits = (0..<20).map { _ in
            var backoff = Backoff(initial: .seconds(10), maximum: .seconds(10))
            return backoff.next()
        }
        #expect(waits.allSatisfy { $0 >= .seconds(5) && $0 <= .seconds(10) })
        #expect(Set(waits).count > 1)
    }
}
