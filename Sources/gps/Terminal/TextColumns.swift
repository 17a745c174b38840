/// The padding and trimming `gps`'s tables and panel draw with, counted in characters.
extension String {
    /// The text right-aligned in `width` characters: spaces on the left, nothing cut.
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    /// The text left-aligned in exactly `width` characters: spaces on the right, or cut to `width`.
    func column(_ width: Int) -> String {
        count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
    }

    /// The text without the spaces at its end.
    func trimmingTrailingSpaces() -> String {
        String(self[..<(lastIndex { $0 != " " }.map(index(after:)) ?? startIndex)])
    }

    /// The text without the spaces, tabs and line ends around it.
    func trimmingWhitespace() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...last])
    }
}
