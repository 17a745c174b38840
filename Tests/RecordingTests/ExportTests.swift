import Foundation
import GPSReader
@testable import Recording
import Testing
import TestSupport

/// GPX and GeoJSON as sinks: what they write, the schema, and gpsbabel reading them back.
@Suite("GPX and GeoJSON")
struct ExportTests {
    /// Plays `capture` (a path) into `make`'s writer and returns what it wrote.
    private func export(_ capture: String, _ make: (@escaping (UnsafeRawBufferPointer) -> Bool) -> any ReceiverSink) async -> String {
        let written = Written()
        var writer = make(written.append)
        await CaptureReplay(.file(capture)).run(into: &writer)
        return written.text
    }

    private func withCapture<T>(_ text: String, _ body: (String) async throws -> T) async throws -> T {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("capture.nmea")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return try await body(path)
    }

    @Test("GPX: a trkpt per fix, elements in the schema's order, a new trkseg after the loss of fix")
    func gpxSegments() async throws {
        let gpx = try await withCapture(captureWithLossOfFix()) { await export($0) { GPXWriter(name: "a & b", output: $0) } }
        #expect(gpx.components(separatedBy: "<trkseg>").count - 1 == 2)
        #expect(gpx.components(separatedBy: "<trkpt ").count - 1 == 20)
        #expect(gpx.contains("<name>a &amp; b</name>"))
        #expect(gpx.contains(#"<trkpt lat="48.1173000" lon="11.5166667"><ele>545.4</ele><time>2025-03-15T10:00:00Z</time>"#
            + "<magvar>356.9</magvar><geoidheight>46.9</geoidheight><fix>3d</fix><sat>8</sat><hdop>0.9</hdop><vdop>1.5</vdop><pdop>1.8</pdop></trkpt>"),
            "\(gpx.prefix(900))")
        #expect(gpx.hasSuffix("  </trkseg>\n </trk>\n</gpx>\n"))
    }

    @Test("GPX of the sample drive and of the loss-of-fix capture validates against the GPX 1.1 schema (xmllint)",
          .enabled(if: Tools.xmllint != nil && Tools.gpxSchema != nil, "xmllint (libxml2-utils) or ../shared/schemas/gpx-1.1.xsd is missing"))
    func gpxValidates() async throws {
        for capture in [nil, captureWithLossOfFix()] {
            let gpx: String = if let capture {
                try await withCapture(capture) { await export($0) { GPXWriter(output: $0) } }
            } else {
                await export(sampleDrive) { GPXWriter(name: "drive.nmea", output: $0) }
            }
            try await expectValid(gpx)
        }
    }

    /// Expects `xmllint` to say `gpx` validates against the GPX 1.1 schema.
    private func expectValid(_ gpx: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Data(gpx.utf8).write(to: URL(fileURLWithPath: scratch.file("t.gpx")))
        let result = try await Tools.run(Tools.xmllint!, ["--noout", "--schema", Tools.gpxSchema!, scratch.file("t.gpx")])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("validates"))
    }

    @Test("GPX: heights and HDOP too small or too large for Swift's plain text are still plain decimals, never 1e-05 or 1e+18")
    func gpxPlainDecimals() async throws {
        let gpx = try await withCapture(captureWithExtremeNumbers()) { await export($0) { GPXWriter(output: $0) } }
        #expect(gpx.contains("<ele>0.00001</ele><time>2025-03-15T10:00:00Z</time>"), "\(gpx)")
        #expect(gpx.contains("<geoidheight>0.00002</geoidheight>"), "\(gpx)")
        #expect(gpx.contains("<hdop>0.00003</hdop>"), "\(gpx)")
        #expect(gpx.contains("<ele>1000000000000000000</ele>"), "\(gpx)")
        #expect(gpx.contains("<geoidheight>-250000000000000000</geoidheight>"), "\(gpx)")
        #expect(!gpx.contains("e-") && !gpx.contains("e+"), "\(gpx)")
    }

    @Test("Numbers: the shortest plain decimal that reads back the same; NaN and the infinities have none (the element is left out)")
    func plainDecimals() {
        #expect(ExportFormatting.number(1e-5) == "0.00001")
        #expect(ExportFormatting.number(-1.5e-7) == "-0.00000015")
        #expect(ExportFormatting.number(1.25e18) == "1250000000000000000")
        #expect(ExportFormatting.number(1e300)?.count == 301)
        #expect(ExportFormatting.number(545.4) == "545.4")
        #expect(ExportFormatting.number(-0.0) == "0")
        #expect(ExportFormatting.number(.nan) == nil)
        #expect(ExportFormatting.number(.infinity) == nil)
        #expect(ExportFormatting.number(-.infinity) == nil)
        #expect(ExportFormatting.metres(.greatestFiniteMagnitude) == nil, "to the millimetre, it overflows")
        for value in [1e-5, 3.0000000000000004e-7, 123456789.123, 6.02e23] {
            #expect(ExportFormatting.number(value).flatMap(Double.init) == value)
        }
    }

    @Test("GPX: a name with a control character is escaped and the character replaced by U+FFFD, so the document is XML")
    func gpxControlCharacterInName() async throws {
        let gpx = try await withCapture(captureWithLossOfFix()) { await export($0) { GPXWriter(name: "drive\u{1}<\u{FFFF}\t.nmea", output: $0) } }
        #expect(gpx.contains("<name>drive\u{FFFD}&lt;\u{FFFD}\t.nmea</name>"))
    }

    @Test("GPX with extreme numbers and a control character in its name validates against the GPX 1.1 schema (xmllint)",
          .enabled(if: Tools.xmllint != nil && Tools.gpxSchema != nil, "xmllint (libxml2-utils) or ../shared/schemas/gpx-1.1.xsd is missing"))
    func gpxWithExtremesValidates() async throws {
        try await expectValid(
            try await withCapture(captureWithExtremeNumbers()) { await export($0) { GPXWriter(name: "drive\u{1}.nmea", output: $0) } })
    }

    @Test("GeoJSON: extreme heights are plain decimals, and the document is JSON")
    func geoJSONPlainDecimals() async throws {
        let text = try await withCapture(captureWithExtremeNumbers()) { await export($0) { GeoJSONWriter(output: $0) } }
        #expect(text.contains("[11.5166667,48.1173000,750000000000000000]"), "altitude 1e18 plus separation -2.5e17: \(text)")
        #expect(text.contains("\"altitudesMSL\":[0.00001,1000000000000000000]"), "\(text)")
        #expect(!text.contains("e-") && !text.contains("e+"), "\(text)")
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    }

    @Test("GeoJSON: a FeatureCollection, a LineString per segment, longitude first, with times in the properties")
    func geoJSONSegments() async throws {
        let text = try await withCapture(captureWithLossOfFix()) { await export($0) { GeoJSONWriter(output: $0) } }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["type"] as? String == "FeatureCollection")
        let features = try #require(json["features"] as? [[String: Any]])
        #expect(features.count == 2)
        for (index, feature) in features.enumerated() {
            let geometry = try #require(feature["geometry"] as? [String: Any])
            #expect(geometry["type"] as? String == "LineString")
            let coordinates = try #require(geometry["coordinates"] as? [[Double]])
            #expect(coordinates.count == 10)
            #expect(coordinates[0] == [11.5166667, 48.1173, 592.3], "longitude, latitude, height above the ellipsoid (545.4 + 46.9)")
            let properties = try #require(feature["properties"] as? [String: Any])
            #expect((properties["altitudesMSL"] as? [Double])?.first == 545.4)
            #expect(properties["segment"] as? Int == index)
            #expect(properties["points"] as? Int == 10)
            #expect(properties["start"] as? String == (index == 0 ? "2025-03-15T10:00:00Z" : "2025-03-15T10:00:20Z"))
            #expect((properties["times"] as? [String])?.count == 10)
        }
    }

    @Test("GeoJSON: a fix without a geoid separation has no height (only longitude, latitude), its altitude in altitudesMSL")
    func geoJSONWithoutSeparation() async throws {
        let capture = (0..<3).map { second in
            epoch(String(format: "1000%02d", second)).map { $0.replacingOccurrences(of: ",M,46.9,M,", with: ",M,,M,") }
                .map(sentence).joined()
        }.joined()
        let text = try await withCapture(capture) { await export($0) { GeoJSONWriter(output: $0) } }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let feature = try #require((json["features"] as? [[String: Any]])?.first)
        let coordinates = try #require((feature["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])
        #expect(coordinates == Array(repeating: [11.5166667, 48.1173], count: 3), "no height rather than a wrong one")
        #expect((feature["properties"] as? [String: Any])?["altitudesMSL"] as? [Double] == [545.4, 545.4, 545.4])
    }

    @Test("gpsbabel reads the GPX (a track) and the GeoJSON (a route) back with the same points",
          .enabled(if: Tools.gpsbabel != nil, "gpsbabel is not installed (apt-get install gpsbabel)"))
    func gpsbabelReadsBack() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let gpx = await export(sampleDrive) { GPXWriter(output: $0) }
        let geoJSON = await export(sampleDrive) { GeoJSONWriter(output: $0) }
        try Data(gpx.utf8).write(to: URL(fileURLWithPath: scratch.file("d.gpx")))
        try Data(geoJSON.utf8).write(to: URL(fileURLWithPath: scratch.file("d.geojson")))
        var fixes: [(Double, Double)] = []
        var sink = FixPositions { fixes.append($0) }
        await CaptureReplay(.file(sampleDrive)).run(into: &sink)
        #expect(fixes.count == 90)
        for (file, format, kind) in [("d.gpx", "gpx", "-t"), ("d.geojson", "geojson", "-r")] {
            let points = try await Tools.gpsbabelPoints(scratch.file(file), format: format, kind: kind)
            #expect(points.count == fixes.count, "\(file)")
            #expect(zip(points, fixes).allSatisfy { abs($0.0 - $1.0) < 1e-6 && abs($0.1 - $1.1) < 1e-6 }, "\(file)")
        }
    }
}

/// What a writer wrote, collected.
private final class Written {
    private(set) var bytes: [UInt8] = []
    var text: String { String(decoding: bytes, as: UTF8.self) }
    func append(_ chunk: UnsafeRawBufferPointer) -> Bool {
        bytes += chunk
        return true
    }
}

/// Hands on each valid fix's latitude and longitude.
private struct FixPositions: ReceiverSink {
    let found: ((Double, Double)) -> Void
    func receive(_ event: ReceiverEvent) {
        if case .epoch(let report) = event, let fix = report.location, fix.isValidFix {
            found((fix.coordinate.latitude, fix.coordinate.longitude))
        }
    }
}
