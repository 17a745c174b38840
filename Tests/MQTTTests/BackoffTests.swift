import MQTT
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
