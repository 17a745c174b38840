import Foundation
import Testing
import TestSupport
@testable import GPSD

@Suite("JSON writer")
struct JSONWriterTests {
    private func line(_ write: (inout GPSDJSONWriter) -> Void) -> String {
        var writer = GPSDJSONWriter()
        write(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test("class first, members in the order written, one CR LF line per object")
    func order() {
        let text = line { writer in
            writer.beginObject(class: "TPV")
            writer.field("mode", 3)
            writer.field("lat", 48.1374, decimals: 9)
            writer.field("used", true)
            writer.endObject()
        }
        #expect(text == "{\"class\":\"TPV\",\"mode\":3,\"lat\":48.137400000,\"used\":true}\r\n")
    }

    @Test("unknown values are left out, never null", arguments: [nil, .nan, .infinity, -.infinity] as [Double?])
    func unknownValues(value: Double?) {
        let text = line { writer in
            writer.beginObject(class: "SKY")
            writer.field("hdop", value, decimals: 2)
            writer.field("device", nil as String?)
            writer.field("time", nil as Date?)
            writer.endObject()
        }
        #expect(text == "{\"class\":\"SKY\"}\r\n")
    }

    @Test("fixed decimals round exactly as printf does, ties to even included")
    func roundingMatchesPrintf() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0.5, 1.5, 2.5, -0.5, 0.125, 0.375, 2.675, 1.005, 59.9, -37.784788333, 0.0005, -0.0004, 0, -0.0,
                               99.994, 99.995, 99.999, 100, 0.005, 0.015]
        for _ in 0..<5_000 {
            values.append(Double.random(in: -400...400, using: &generator))
            values.append((Double(Int.random(in: -100_000...100_000, using: &generator)) / 1000) + 0.0005)
        }
        for value in values {
            for decimals in [0, 1, 2, 3, 4, 9] {
                let ours = line { $0.field("x", value, decimals: decimals) }.dropFirst(4)
                let printf = String(format: "%.\(decimals)f", value)
                #expect(String(ours) == printf, "\(value) with \(decimals) decimals")
                if String(ours) != printf { return }
            }
        }
    }

    @Test("times are ISO 8601 UTC to the nearest millisecond, in JSON and as text")
    func timestamps() {
        let cases: [(Double, String)] = [
            (0, "1970-01-01T00:00:00.000Z"),
            (1_748_772_005.25, "2025-06-01T10:00:05.250Z"),
            (1_748_772_005 + 0.1, "2025-06-01T10:00:05.100Z"),
            (951_782_400, "2000-02-29T00:00:00.000Z"),
            (2_039_284_039.119_999_9, "2034-08-15T19:47:19.120Z"),
            (-1, "1969-12-31T23:59:59.000Z"),
        ]
        for (seconds, expected) in cases {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(line { $0.field("time", date) } == "\"time\":\"\(expected)\"")
            #expect(GPSDTimestamp(date).description == expected)
        }
    }

    @Test("strings are escaped as JSON requires")
    func escaping() {
        #expect(line { $0.field("path", "a\"b\\c\n\u{1}é") } == #""path":"a\"b\\c\u000a\u0001é""#)
    }

    @Test("arrays of objects, and the buffer is reused")
    func nesting() {
        var writer = GPSDJSONWriter()
        writer.beginObject(class: "DEVICES")
        writer.beginArray("devices")
        writer.beginObject(class: "DEVICE")
        writer.field("path", "/dev/a")
        writer.endObject()
        writer.beginObject()
        writer.field("n", -12)
        writer.endObject()
        writer.endArray()
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self)
            == "{\"class\":\"DEVICES\",\"devices\":[{\"class\":\"DEVICE\",\"path\":\"/dev/a\"},{\"n\":-12}]}\r\n")
        writer.removeAll()
        writer.writeVersion()
        #expect(String(decoding: writer.bytes, as: UTF8.self)
            == "{\"class\":\"VERSION\",\"release\":\"3.22-gpsreader\",\"rev\":\"3.22-gpsreader\",\"proto_major\":3,\"proto_minor\":14}\r\n")
    }
}
