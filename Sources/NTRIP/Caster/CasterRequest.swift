/// The head of a request an NTRIP client sent the caster: its path, version and credentials.
struct CasterRequest: Equatable {
    /// The path without its slash: the mountpoint, or empty for the source table.
    var mountpoint: String
    /// Whether the client speaks NTRIP 2.0 (`Ntrip-Version: Ntrip/2.0`).
    var isVersion2: Bool
    /// The `Authorization` header's value, if any.
    var authorization: String?

    /// The longest head accepted: 8 KiB.
    static let maximumLength = 8192

    /// The request whose head ends in `bytes`; `nil` while the blank line has not come.
    ///
    /// - Returns: `.failure` for a head that is no `GET`, or too long.
    static func parse(_ bytes: [UInt8]) -> Result<CasterRequest, CasterRequestError>? {
        // The blank line: LF, optional CR, LF.
        guard let end = bytes.indices.first(where: { index in
            bytes[index] == 0x0A && (bytes[(index + 1)...].first == 0x0A || bytes[(index + 1)...].starts(with: [0x0D, 0x0A]))
        }) else {
            return bytes.count > maximumLength ? .failure(.tooLong) : nil
        }
        let text = String(decoding: bytes[..<end], as: UTF8.self)
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        let words = lines.first?.split(separator: " ") ?? []
        guard words.count >= 2, words[0] == "GET", words[1].hasPrefix("/") else { return .failure(.notGet) }
        var request = CasterRequest(mountpoint: String(words[1].dropFirst()), isVersion2: false, authorization: nil)
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces()
            if name == "ntrip-version" { request.isVersion2 = value.lowercased() == "ntrip/2.0" }
            if name == "authorization" { request.authorization = value }
        }
        return .success(request)
    }
}

/// Why a request head was refused.
enum CasterRequestError: Error {
    case notGet, tooLong
}
