/// What a caster answered a request with, read from the head of its reply: data (NTRIP 1.0's
/// `ICY 200 OK`, 2.0's `HTTP/1.1 200 OK`), its source table (`SOURCETABLE 200 OK`, or 2.0's
/// `Content-Type: gnss/sourcetable`), or a refusal (`401`, `404`...).
public enum NTRIPResponseHead: Hashable, Sendable {
    /// The mountpoint's stream: NTRIP 1.0 (`ICY 200 OK`, the data right after the status line)
    /// or 2.0 (`HTTP/1.x 200` and headers; `chunked` when `Transfer-Encoding: chunked`).
    case data(version: NTRIPVersion, chunked: Bool)
    /// The source table instead: what a caster sends for `/` and for a mountpoint it does not have.
    case sourceTable(chunked: Bool)
    /// Any other status: `401` (credentials), `404` (no such mountpoint), `503`...; `line` is
    /// the status line as sent.
    case refused(status: Int, line: String)

    /// The NTRIP versions a caster answers in.
    public enum NTRIPVersion: Hashable, Sendable {
        /// NTRIP 1.0: `ICY 200 OK`, the data as it comes.
        case one
        /// NTRIP 2.0: HTTP/1.1, the data chunked.
        case two
    }

    /// The longest head read before the reply is judged not to be NTRIP: 16 KiB.
    public static let maximumLength = 16_384

    /// Parses the head at the start of `bytes`.
    ///
    /// - Returns: The head and how many bytes it took (the body starts there); `nil` when
    ///   `bytes` do not hold the whole head yet.
    /// - Throws: `NTRIPError.notNTRIP` when the first line is no NTRIP or HTTP status line, or
    ///   when the head is longer than `maximumLength`.
    public static func parse(_ bytes: ArraySlice<UInt8>) throws(NTRIPError) -> (head: NTRIPResponseHead, length: Int)? {
        guard let firstEnd = lineEnd(in: bytes, from: bytes.startIndex) else {
            if bytes.count > maximumLength { throw .notNTRIP(firstBytes: Array(bytes.prefix(64))) }
            // A reply that already cannot be a status line needs no more bytes to be judged.
            let prefix = bytes.prefix(4)
            if !["ICY ", "HTTP", "SOUR"].contains(where: { Array($0.utf8).starts(with: prefix) }) {
                throw .notNTRIP(firstBytes: Array(bytes.prefix(64)))
            }
            return nil
        }
        let statusLine = String(decoding: bytes[bytes.startIndex..<firstEnd.content], as: UTF8.self)
        if statusLine == "ICY 200 OK" {
            return (.data(version: .one, chunked: false), firstEnd.next - bytes.startIndex)
        }
        guard statusLine.hasPrefix("SOURCETABLE ") || statusLine.hasPrefix("HTTP/1.") else {
            throw .notNTRIP(firstBytes: Array(bytes.prefix(64)))
        }
        // Headers, up to the blank line.
        var headers: [(name: String, value: String)] = []
        var index = firstEnd.next
        while true {
            guard let end = lineEnd(in: bytes, from: index) else {
                if bytes.count > maximumLength { throw .notNTRIP(firstBytes: Array(bytes.prefix(64))) }
                return nil
            }
            let line = bytes[index..<end.content]
            index = end.next
            if line.isEmpty { break }
            let text = String(decoding: line, as: UTF8.self)
            if let colon = text.firstIndex(of: ":") {
                headers.append((text[..<colon].lowercased(), text[text.index(after: colon)...].trimmingSpaces()))
            }
        }
        let length = index - bytes.startIndex
        let chunked = headers.contains { $0.name == "transfer-encoding" && $0.value.lowercased().contains("chunked") }
        if statusLine.hasPrefix("SOURCETABLE ") {
            return (.sourceTable(chunked: chunked), length)
        }
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, let status = Int(parts[1]) else { throw .notNTRIP(firstBytes: Array(bytes.prefix(64))) }
        guard status == 200 else { return (.refused(status: status, line: statusLine), length) }
        if headers.contains(where: { $0.name == "content-type" && $0.value.lowercased().hasPrefix("gnss/sourcetable") }) {
            return (.sourceTable(chunked: chunked), length)
        }
        return (.data(version: .two, chunked: chunked), length)
    }

    /// The end of the line starting at `start` (CR LF, or LF alone): where its content ends and
    /// the next line starts; `nil` when no line end has come yet.
    private static func lineEnd(in bytes: ArraySlice<UInt8>, from start: Int) -> (content: Int, next: Int)? {
        guard let newline = bytes[start...].firstIndex(of: 0x0A) else { return nil }
        let content = newline > start && bytes[newline - 1] == 0x0D ? newline - 1 : newline
        return (content, newline + 1)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
