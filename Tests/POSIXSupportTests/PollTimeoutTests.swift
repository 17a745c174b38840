import POSIXSupport
import Testing

@Suite("poll timeouts")
struct PollTimeoutTests {
    @Test("a duration becomes whole milliseconds, rounded up so a wait never ends early")
    func roundedUp() {
        #expect(Duration.milliseconds(500).pollMilliseconds == 500)
        #expect(Duration.microseconds(1).pollMilliseconds == 1)
        #expect(Duration.microseconds(2_500).pollMilliseconds == 3)
        #expect(Duration.seconds(2).pollMilliseconds == 2_000)
    }

    @Test("nothing left is 0, return at once; too long is clamped rather than negative")
    func bounds() {
        #expect(Duration.zero.pollMilliseconds == 0)
        #expect(Duration.milliseconds(-5).pollMilliseconds == 0)
        #expect(Duration.seconds(3_000_000).pollMilliseconds == CInt.max)
        #expect(Duration.seconds(Int64.max).pollMilliseconds == CInt.max)
    }
}
