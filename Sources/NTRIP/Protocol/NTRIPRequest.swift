/// The request an NTRIP client sends: an NTRIP 2.0 `GET` that NTRIP 1.0 casters answer too.
///
/// ```text
/// GET /NEAR HTTP/1.1
/// Host: caster.example.org:2101
/// Ntrip-Version: Ntrip/2.0
/// User-Agent: NTRIP GPSReader/1.0
/// Authorization: Basic YWxpY2U6c2VjcmV0
/// Connection: close
/// ```
///
/// A 1.0 caster ignores `Ntrip-Version` and answers `ICY 200 OK`; a 2.0 caster answers
/// `HTTP/1.1 200 OK`, its body chunked. `User-Agent` starts with `NTRIP`, which 1.0 casters
/// require.
public enum NTRIPRequest {
    /// What the client calls itself.
    public static let userAgent = "NTRIP GPSReader/1.0"

    /// The request's bytes for `url`'s mountpoint (or its source table, with none), with Basic
    /// credentials when the URL has a user name.
    public static func bytes(for url: NTRIPURL) -> [UInt8] {
        let host = url.host.contains(":") ? "[\(url.host)]" : url.host
        var text = "GET /\(url.mountpoint) HTTP/1.1\r\n"
            + "Host: \(host):\(url.port)\r\n"
            + "Ntrip-Version: Ntrip/2.0\r\n"
            + "User-Agent: \(userAgent)\r\n"
        if let username = url.username {
            text += "Authorization: Basic \(base64(Array((username + ":" + (url.password ?? "")).utf8)))\r\n"
        }
        text += "Connection: close\r\n\r\n"
        return Array(text.utf8)
    }

    /// `bytes` in Base64 (RFC 4648, with padding), as HTTP Basic credentials are written.
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for position in 0..<4 {
                let sextet = Int(group >> UInt32(18 - 6 * position) & 0x3F)
                output.append(position <= count ? alphabet[sextet] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
