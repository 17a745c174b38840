extension Duration {
    /// The duration as `poll`'s timeout: whole milliseconds, rounded down, clamped to `CInt`.
    var pollMilliseconds: CInt {
        let (seconds, attoseconds) = components
        return CInt(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }
}
