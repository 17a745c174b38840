import LocationTracking
import NTRIP
import Testing

@Suite("Source tables")
struct SourceTableTests {
    static let text = """
        CAS;caster.example.org;2101;Example;Org;0;DEU;48.1;11.6;;0;http://example.org\r
        STR;MUNICH;München;RTCM 3.3;1005(10),1077(1),1087(1),1230(10);2;GPS+GLO;EX;DEU;48.15;11.58;0;0;u-blox ZED-F9P;none;B;N;9600;\r
        STR;BERLIN;Berlin;RTCM 3.2;1006(10),1074(1);2;GPS;EX;DEU;52.52;13.40;0;0;Trimble;none;N;N;4800;\r
        STR;VRS_DE;Network;RTCM 3.3;1005(10),1077(1);2;GPS+GAL;EX;DEU;0.00;0.00;1;1;sim;none;B;Y;9600;\r
        NET;EX;Example;B;N;;;;\r
        ENDSOURCETABLE\r

        """

    @Test("STR lines become entries: mountpoint, format, message types, position, GGA wanted; other lines skipped")
    func entries() throws {
        let table = SourceTable(text: Self.text)
        #expect(table.entries.map(\.mountpoint) == ["MUNICH", "BERLIN", "VRS_DE"])
        let munich = table.entries[0]
        #expect(munich.format == "RTCM 3.3" && munich.messageTypes == [1005, 1077, 1087, 1230])
        #expect(munich.coordinate == Coordinate(latitude: 48.15, longitude: 11.58))
        #expect(!munich.wantsGGA && munich.authentication == "B")
        #expect(table.entries[2].coordinate == nil, "0, 0 is no position")
        #expect(table.entries[2].wantsGGA && table.entries[2].isNetwork)
        #expect(SourceTable.isComplete(Array(Self.text.utf8)))
    }

    @Test("the nearest mountpoints: by distance from a fix, else by spelling")
    func nearest() {
        let table = SourceTable(text: Self.text)
        #expect(table.nearest(to: "MUNCH") == ["MUNICH", "BERLIN", "VRS_DE"])
        #expect(table.nearest(to: "X", from: Coordinate(latitude: 52.5, longitude: 13.4)) == ["BERLIN", "MUNICH"])
        let distance = table.entries[0].distance(from: Coordinate(latitude: 48.137413, longitude: 11.575520))
        #expect(distance.map { abs($0 - 1_435) < 50 } == true, "about 1.4 km: \(distance ?? 0)")
    }
}
