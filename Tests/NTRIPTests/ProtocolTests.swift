import NTRIP
import Testing

/// The request, the reply's head and NTRIP 2.0's chunked body, byte by byte.
@Suite("NTRIP request and reply")
struct ProtocolTests {
    @Test("the request is NTRIP 2.0's, with Basic credentials when the URL has a user (RFC 7617's example)")
    func request() throws {
        let url = try #require(NTRIPURL("ntrip://Aladdin:open%20sesame@caster.example.org/NEAR"))
        let text = String(decoding: NTRIPRequest.bytes(for: url), as: UTF8.self)
        #expect(text == "GET /NEAR HTTP/1.1\r\nHost: caster.example.org:2101\r\nNtrip-Version: Ntrip/2.0\r\n"
            + "User-Agent: NTRIP GPSReader/1.0\r\nAuthorization: Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==\r\nConnection: close\r\n\r\n")
        let anonymous = String(decoding: NTRIPRequest.bytes(for: NTRIPURL(host: "h", mountpoint: "M")), as: UTF8.self)
        #expect(!anonymous.contains("Authorization"))
    }

    @Test("ICY 200 OK is NTRIP 1.0 data right after the status line")
    func version1() throws {
        let reply = Array("ICY 200 OK\r\n".utf8) + [0xD3, 0x00]
        let parsed = try #require(try NTRIPResponseHead.parse(reply[...]))
        #expect(parsed.head == .data(version: .one, chunked: false))
        #expect(parsed.length == 12)
    }

    @Test("HTTP/1.1 200 with chunked coding is NTRIP 2.0; a gnss/sourcetable body is the table; 401 and 404 are refusals")
    func version2() throws {
        let data = Array("HTTP/1.1 200 OK\r\nNtrip-Version: Ntrip/2.0\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        #expect(try NTRIPResponseHead.parse(data[...])?.head == .data(version: .two, chunked: true))
        let table = Array("HTTP/1.1 200 OK\r\nContent-Type: gnss/sourcetable\r\n\r\nSTR;".utf8)
        #expect(try NTRIPResponseHead.parse(table[...])?.head == .sourceTable(chunked: false))
        let old = Array("SOURCETABLE 200 OK\r\nContent-Type: text/plain\r\n\r\n".utf8)
        #expect(try NTRIPResponseHead.parse(old[...])?.head == .sourceTable(chunked: false))
        let refused = Array("HTTP/1.0 401 Unauthorized\r\n\r\n".utf8)
        #expect(try NTRIPResponseHead.parse(refused[...])?.head == .refused(status: 401, line: "HTTP/1.0 401 Unauthorized"))
    }

    @Test("a head not complete yet asks for more; one that cannot be NTRIP is said at once")
    func partialAndForeign() throws {
        #expect(try NTRIPResponseHead.parse(Array("HTTP/1.1 200 OK\r\nNtrip".utf8)[...]) == nil)
        #expect(try NTRIPResponseHead.parse(Array("IC".utf8)[...]) == nil)
        #expect(throws: NTRIPError.notNTRIP(firstBytes: Array("SSH-2.0-OpenSSH".utf8))) {
            try NTRIPResponseHead.parse(Array("SSH-2.0-OpenSSH".utf8)[...])
        }
    }

    @Test("chunked: chunks split across reads anywhere, extensions ignored, the zero chunk and trailer end the body")
    func chunked() throws {
        let body = Array("5;name=value\r\nhello\r\n1A\r\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 26)
            + Array("\r\n0\r\nTrailer: x\r\n\r\nafter".utf8)
        let expected = Array("hello".utf8) + Array(repeating: UInt8(ascii: "x"), count: 26)
        for split in 1...body.count {
            var decoder = ChunkedDecoder()
            var data: [UInt8] = []
            for start in stride(from: 0, to: body.count, by: split) {
                try decoder.decode(body[start..<min(start + split, body.count)]) { data += $0 }
            }
            #expect(data == expected, "reads of \(split) bytes")
            #expect(decoder.isFinished)
        }
    }

    @Test("chunked: a size that is not hexadecimal, or data not followed by CR LF, is malformed")
    func malformedChunks() {
        for text in ["zz\r\n", "3\r\nabcX", ";only-extension\r\n"] {
            var decoder = ChunkedDecoder()
            #expect(throws: NTRIPError.malformedChunk) { try decoder.decode(Array(text.utf8)[...]) { _ in } }
        }
    }
}
