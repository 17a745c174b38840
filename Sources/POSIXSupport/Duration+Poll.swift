extension Duration {
    /// The duration as `poll`'s timeout: whole milliseconds, rounded up so a wait never ends
    /// early, clamped to `CInt`; 0 (return at once) for a duration that is not positive.
    package var pollMilliseconds: CInt {
        guard self > .zero else { return 0 }
        let (seconds, attoseconds) = components
        guard seconds < Int64(CInt.max / 1000) else { return CInt.max }
        return CInt(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
