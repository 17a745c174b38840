/// Times a piece of work: a warm-up, then passes for at least half a second (five at least),
/// and the median.
enum Measure {
    struct Result<Value> {
        /// The median time of a pass, in seconds.
        var seconds: Double
        /// What the work returned, the same at every pass.
        var value: Value
    }

    static func run<Value: Equatable>(_ work: () -> Value) -> Result<Value> {
        let clock = ContinuousClock()
        let first = work()
        var times: [Double] = []
        let started = clock.now
        while times.count < 5 || started.duration(to: clock.now) < .milliseconds(500) {
            let start = clock.now
            let value = work()
            let elapsed = start.duration(to: clock.now)
            precondition(value == first, "passes over the same fixes must agree")
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        return Result(seconds: times.sorted()[times.count / 2], value: first)
    }
}
