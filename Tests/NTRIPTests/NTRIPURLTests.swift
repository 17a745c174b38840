import NTRIP
import Testing

@Suite("ntrip:// URLs")
struct NTRIPURLTests {
    @Test("a mountpoint with credentials and a port; 2101 unless given")
    func parts() throws {
        let url = try #require(NTRIPURL("ntrip://alice:s3cret@caster.example.org:2102/NEAR"))
        #expect(url == NTRIPURL(host: "caster.example.org", port: 2102, username: "alice", password: "s3cret", mountpoint: "NEAR"))
        #expect(NTRIPURL("ntrip://caster.example.org/NEAR")?.port == 2101)
        #expect(NTRIPURL("ntrip://caster.example.org/NEAR")?.username == nil)
    }

    @Test("the source table has no mountpoint: a trailing slash or none")
    func sourceTable() {
        #expect(NTRIPURL("ntrip://caster.example.org/")?.hasMountpoint == false)
        #expect(NTRIPURL("ntrip://caster.example.org")?.mountpoint == "")
    }

    @Test("an IPv6 host in brackets, %XX escapes in the password, the description without the password")
    func hostsAndEscapes() {
        let url = NTRIPURL("ntrip://bob:p%40ss%3Aword@[::1]:2101/M")
        #expect(url?.host == "::1")
        #expect(url?.password == "p@ss:word")
        #expect(url?.description == "ntrip://bob@[::1]:2101/M")
    }

    @Test("refused: another scheme, no host, an empty user, a bad port, a slash or space in the mountpoint, a broken escape")
    func refused() {
        for text in [
            "http://caster/M", "ntrip:///M", "ntrip://:pass@caster/M", "ntrip://caster:0/M", "ntrip://caster:70000/M",
            "ntrip://caster:x/M", "ntrip://caster/A/B", "ntrip://caster/A B", "ntrip://u:%4@caster/M",
        ] {
            #expect(NTRIPURL(text) == nil, "\(text)")
        }
    }
}
