import Fleet
import Foundation
import GPSD
import LocationTracking
import Testing

@Suite("Fleet payloads")
struct PayloadTests {
    private let fix = Location(
        coordinate: Coordinate(latitude: 48.137413, longitude: 11.57552), altitude: 519.4, speed: 1.4, course: 45.2,
        timestamp: Date(timeIntervalSince1970: 1_748_772_005.25), mode: .threeDimensional, satellitesUsed: 9, hdop: 1.0,
        horizontalAccuracy: 7.5, verticalAccuracy: 12.4)

    @Test("a fix is OwnTracks' location: _type, tid, tst in whole seconds, lat, lon, acc, alt, vac, vel in km/h, cog, then extras")
    func ownTracksKeys() throws {
        let json = String(decoding: OwnTracksLocation(location: fix, trackerID: "ca", sequence: 4, sentMilliseconds: 99).json(), as: UTF8.self)
        #expect(json == #"{"_type":"location","tid":"ca","tst":1748772005,"lat":48.1374130,"lon":11.5755200,"acc":8,"alt":519,"#
            + #""vac":12,"vel":5,"cog":45,"time":"2025-06-01T10:00:05.250Z","hdop":1.0,"sats":9,"fix":"3d","seq":4,"sent":99}"#)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["_type"] as? String == "location")
    }

    @Test("OwnTracks' location reads back as the fix, the publisher's seq and sent with it")
    func ownTracksRoundTrip() throws {
        let message = PositionMessage(payload: OwnTracksLocation(location: fix, trackerID: "ca", sequence: 4, sentMilliseconds: 99).json())
        guard case .location(let location, let sequence, let sent) = message else {
            Issue.record("not a location: \(message)")
            return
        }
        #expect(abs(location.coordinate.latitude - 48.137413) < 1e-7)
        #expect(location.timestamp == fix.timestamp)
        #expect(location.mode == .threeDimensional)
        #expect(location.isValidFix)
        #expect(sequence == 4 && sent == 99)
    }

    @Test("the last will is OwnTracks' lwt, and reads back as the publisher gone")
    func lastWill() {
        let will = FleetTopic("owntracks/alice/car").will(connectedAt: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(String(decoding: will.payload, as: UTF8.self) == #"{"_type":"lwt","tst":1700000000}"#)
        #expect(will.topic == "owntracks/alice/car" && will.qos == .atLeastOnce && !will.retain)
        #expect(PositionMessage(payload: will.payload) == .publisherGone)
    }

    @Test("--format gpsd publishes gpsd's TPV line, written by the GPSD module, and reads back")
    func tpv() {
        let message = FleetTopic("fleet/car", format: .gpsd, retain: true).message(for: fix, device: "/dev/ttyACM0", sequence: 0)
        let text = String(decoding: message.payload, as: UTF8.self)
        #expect(text.hasPrefix(#"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2025-06-01T10:00:05.250Z""#))
        #expect(!text.hasSuffix("\n") && message.retain)
        guard case .location(let location, _, _) = PositionMessage(payload: message.payload) else {
            Issue.record("not a location")
            return
        }
        #expect(abs(location.coordinate.longitude - 11.57552) < 1e-9)
    }

    @Test("garbage, another JSON, a position out of range and a payload over 16 KiB are rejected with why", arguments: [
        Array("not json at all".utf8), Array(#"{"_type":"waypoint"}"#.utf8), Array(#"{"_type":"location","lat":91,"lon":0}"#.utf8),
        Array(repeating: UInt8(ascii: " "), count: 20_000),
    ])
    func rejected(payload: [UInt8]) {
        guard case .rejected(let reason) = PositionMessage(payload: payload) else {
            Issue.record("accepted")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test("a number out of its range rejects the message, naming the key, before anything converts it", arguments: [
        (#"{"_type":"location","lat":48.1,"lon":11.5,"tst":1e16}"#, "tst"),
        (#"{"_type":"location","lat":48.1,"lon":11.5,"tst":1e20}"#, "tst"),
        (#"{"_type":"location","lat":48.1,"lon":11.5,"tst":1e300}"#, "tst"),
        (#"{"_type":"location","lat":48.1,"lon":11.5,"tst":-1e16}"#, "tst"),
        (#"{"_type":"location","lat":48.1,"lon":11.5,"tst":1748772005,"alt":1e300}"#, "alt"),
        (#"{"_type":"location","lat":48.1,"lon":11.5,"tst":1748772005,"acc":-3}"#, "acc"),
        (#"{"_type":"location","lat":48.1,"lon":11.5,"tst":1748772005,"vel":1e19}"#, "vel"),
        (#"{"_type":"location","lat":48.1,"lon":11.5,"tst":1748772005,"cog":1e300}"#, "cog"),
        (#"{"_type":"location","lat":48.1,"lon":11.5,"tst":1748772005,"sats":9000000000000000000}"#, "sats"),
        (#"{"class":"TPV","mode":3,"lat":48.1,"lon":11.5,"speed":-1e300}"#, "speed"),
        (#"{"class":"TPV","mode":3,"lat":48.1,"lon":11.5,"eph":1e300,"altMSL":-1e20}"#, "altMSL"),
    ])
    func outOfRange(payload: String, key: String) {
        let message = PositionMessage(payload: Array(payload.utf8))
        #expect(message == .rejected("\(key) is out of range (\(Self.range(of: key)))"))
    }

    /// The range a key's message names.
    private static func range(of key: String) -> String {
        switch key {
        case "tst": "0 to 253402300799"
        case "alt", "altMSL": "-100000 to 100000000"
        case "acc": "0 to 100000000"
        case "vel": "0 to 360000"
        case "speed": "0 to 100000"
        case "cog": "0 to 360"
        case "sats": "0 to 1000"
        default: "?"
        }
    }

    @Test("a time string past year 9999 or before 1970 is no time: the fix is read without one")
    func timeStringOutOfRange() {
        for time in ["1969-12-31T23:59:59Z", "+10000-01-01T00:00:00Z"] {
            let message = PositionMessage(payload: Array(#"{"class":"TPV","mode":2,"lat":1,"lon":2,"time":"\#(time)"}"#.utf8))
            guard case .location(let location, _, _) = message else {
                Issue.record("not a location: \(message)")
                continue
            }
            #expect(location.timestamp == nil)
        }
    }

    @Test("a fix whose numbers are beyond Int is still written: the key is left out, never a trap")
    func ownTracksOfHugeValues() {
        var huge = fix
        huge.altitude = 1e300
        huge.speed = .infinity
        huge.timestamp = Date(timeIntervalSince1970: 1e300)
        let json = String(decoding: OwnTracksLocation(location: huge, trackerID: "ca").json(), as: UTF8.self)
        #expect(!json.contains(#""tst""#) && !json.contains(#""alt""#) && !json.contains(#""vel""#))
        #expect(json.contains(#""time":"9999-12-31T23:59:59.999Z""#))
    }

    @Test("the tracker id is the topic's last level's first two characters unless given")
    func trackerID() {
        #expect(FleetTopic("owntracks/alice/car").trackerID == "ca")
        #expect(FleetTopic("owntracks/alice/car", trackerID: "AX").trackerID == "AX")
    }
}
