import Testing
@testable import GPSD

@Suite("Requests")
struct RequestTests {
    private func requests(_ text: String, split: Int = .max) -> [Result<GPSDRequest, GPSDRequestError>] {
        var framer = RequestFramer()
        var found: [Result<GPSDRequest, GPSDRequestError>] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            framer.append(Array(rest.prefix(split).utf8)) { found.append($0) }
            rest = rest.dropFirst(split)
        }
        return found
    }

    @Test("the commands gpsd's clients send")
    func commands() throws {
        #expect(try GPSDRequest(parsing: Array("?POLL".utf8)) == .poll)
        #expect(try GPSDRequest(parsing: Array("?DEVICES".utf8)) == .devices)
        #expect(try GPSDRequest(parsing: Array("?DEVICE".utf8)) == .device)
        #expect(try GPSDRequest(parsing: Array(" ?VERSION ".utf8)) == .version)
        #expect(try GPSDRequest(parsing: Array("?WATCH".utf8)) == .watch(.init()))
        var change = GPSDRequest.WatchChange()
        change.enable = true
        change.nmea = true
        change.raw = 1
        change.device = "/dev/ttyACM0"
        #expect(try GPSDRequest(parsing: Array(#"?WATCH={"class":"WATCH","enable":true,"nmea":true,"raw":1,"device":"/dev/ttyACM0"}"#.utf8))
            == .watch(change))
    }

    @Test("?WATCH changes only what it names; enable alone asks for JSON, as gpsd does")
    func watchPolicy() {
        var enable = GPSDRequest.WatchChange()
        enable.enable = true
        let policy = enable.applied(to: WatchPolicy())
        #expect(policy.enable && policy.json && !policy.nmea && policy.streamsReports && !policy.passesSentencesThrough)
        var nmeaOnly = GPSDRequest.WatchChange()
        nmeaOnly.enable = true
        nmeaOnly.nmea = true
        let nmea = nmeaOnly.applied(to: WatchPolicy())
        #expect(nmea.passesSentencesThrough && !nmea.streamsReports)
        var disable = GPSDRequest.WatchChange()
        disable.enable = false
        let off = disable.applied(to: nmea)
        #expect(!off.enable && off.nmea && !off.passesSentencesThrough)
    }

    @Test("requests end at ; or a line end, however the bytes are split; ; inside a string does not end one")
    func framing() {
        let text = "?WATCH={\"enable\":true,\"device\":\"/dev/a;b\"};?POLL;\r\n\n  \n?VERSION\n?DEVICES;"
        for split in [1, 2, 3, 7, 1000] {
            let found = requests(text, split: split)
            #expect(found.count == 4, "split \(split)")
            guard case .success(.watch(let change)) = found.first else {
                Issue.record("split \(split): \(found)")
                continue
            }
            #expect(change.device == "/dev/a;b")
            #expect(found.dropFirst().map { try? $0.get() } == [.poll, .version, .devices])
        }
    }

    @Test("malformed and unknown requests are errors that say what is wrong")
    func errors() {
        let found = requests("?WATCH={;\n?WATCH={\"json\":\"yes\"};?WATCH={\"device\":7};?POLL=1;?NOPE;\u{0}\u{1}\n")
        #expect(found.map { $0.error?.description } == [
            "Invalid WATCH: WATCH argument is not JSON",
            "Invalid WATCH: json must be true or false",
            "Invalid WATCH: device must be a string",
            "Unrecognized request '?POLL=1'",
            "Unrecognized request '?NOPE'",
            "Unrecognized request '\u{0}\u{1}'",
        ])
    }

    @Test("an oversized request is one error, however long, and the next request is read")
    func oversized() {
        let found = requests(String(repeating: "?", count: 100_000) + ";?POLL;", split: 4096)
        #expect(found.count == 2)
        #expect(found.first?.error == .tooLong)
        #expect(found.last.flatMap { try? $0.get() } == .poll)
    }
}

extension Result {
    fileprivate var error: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
