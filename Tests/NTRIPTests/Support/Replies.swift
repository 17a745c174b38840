import TestSupport

/// What the scripted casters of the tests answer.
enum Replies {
    static let icy = Array("ICY 200 OK\r\n".utf8)
    static let http2 = Array("HTTP/1.1 200 OK\r\nNtrip-Version: Ntrip/2.0\r\nContent-Type: gnss/data\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
    static let unauthorized = Array("HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"/NEAR\"\r\n\r\n".utf8)
    static let notFound = Array("HTTP/1.1 404 Not Found\r\n\r\n".utf8)
    static let table = """
        STR;MUNICH;München;RTCM 3.3;1005(10),1077(1);2;GPS;EX;DEU;48.15;11.58;0;0;F9P;none;B;N;9600;\r
        STR;MUNICH2;München;RTCM 3.3;1005(10),1077(1);2;GPS;EX;DEU;48.10;11.50;0;0;F9P;none;B;N;9600;\r
        STR;BERLIN;Berlin;RTCM 3.2;1006(10),1074(1);2;GPS;EX;DEU;52.52;13.40;0;0;Trimble;none;N;N;4800;\r
        ENDSOURCETABLE\r

        """
    /// NTRIP 1.0's answer for `/` and for a mountpoint it does not have.
    static let sourceTable = Array("SOURCETABLE 200 OK\r\nContent-Type: text/plain\r\nContent-Length: \(table.utf8.count)\r\n\r\n\(table)".utf8)

    /// `data` as chunks of `size` bytes, each with an extension, then the zero chunk and an empty trailer.
    static func chunked(_ data: [UInt8], size: Int) -> [UInt8] {
        var body: [UInt8] = []
        for start in stride(from: 0, to: data.count, by: size) {
            let chunk = data[start..<min(start + size, data.count)]
            body += Array((String(chunk.count, radix: 16) + ";seq=\(start)\r\n").utf8) + chunk + [0x0D, 0x0A]
        }
        return body + Array("0\r\n\r\n".utf8)
    }
}
