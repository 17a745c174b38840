import Foundation
import GPSReader
import Recording
import Testing
import TestSupport

/// `ReportWriter`'s page: self-contained, with the figures a person looks for, drawn by a real
/// browser without a word on its console.
@Suite("The report page")
struct ReportTests {
    private func page(of capture: String, title: String = "drive.nmea") async -> String {
        let report = ReportWriter(title: title)
        var sink = report
        await CaptureReplay(.file(capture)).run(into: &sink)
        return report.page()
    }

    @Test("one self-contained page: inline SVG and CSS, no script, no URL, nothing to fetch")
    func selfContained() async {
        let html = await page(of: sampleDrive)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<style>"))
        #expect(html.components(separatedBy: "<svg ").count - 1 == 7, "map, HDOP, fix states and four charts")
        for absent in ["<script", "http:", "https:", "src=", "href=", "@import", "url("] {
            #expect(!html.contains(absent), "\(absent)")
        }
    }

    @Test("the file name in the title, heading and footer is escaped, a control character in it replaced by U+FFFD")
    func titleEscaped() async {
        let html = await page(of: sampleDrive, title: "<b>drive\u{1}.nmea")
        #expect(html.contains("<h1>&lt;b&gt;drive\u{FFFD}.nmea</h1>"))
        #expect(!html.contains("<b>drive") && !html.unicodeScalars.contains("\u{1}"))
    }

    @Test("the sample drive's figures: first fix after 8 s, 83.3 % of epochs with a fix, 948 m, 50 km/h at most")
    func figures() async throws {
        let html = await page(of: sampleDrive)
        for figure in ["<b>8 s</b><span>time to first fix", "<b>83.3 %</b><span>availability", "<b>948 m</b><span>distance",
                       "<b>50 km/h</b><span>maximum speed", "<b>0.7</b><span>median HDOP"] {
            #expect(html.contains(figure), "\(figure)")
        }
        #expect(html.contains("2025-06-01 · 10:00:00 – 10:01:47 UTC"))
        // The tunnel: the track is two polylines, joined by the dashed gap, and the timeline
        // goes acquiring, located, lost, located.
        #expect(html.components(separatedBy: "<polyline class=\"track\"").count - 1 == 2)
        #expect(html.components(separatedBy: "<line class=\"gap\"").count - 1 == 1)
        let states = html.components(separatedBy: "<rect class=\"state ").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(states.prefix(4) == ["acquiring", "located", "lost", "located"])
        #expect(!html.contains("Standing still"), "a drive is no receiver test")
        // The charts shade the epochs without a fix, where their lines break: the cold start
        // (0-8 s) and the tunnel from its first epoch without a fix (58 s, not 60 s, when the
        // tracking flow calls the fix lost) to the fix again (68 s). 107 s over 1108 units from 56.
        let speedChart = try #require(html.components(separatedBy: "<figcaption>Speed</figcaption>").dropFirst().first?
            .components(separatedBy: "</figure>").first)
        let shaded = speedChart.components(separatedBy: "<rect class=\"nofix\" x=\"").dropFirst().compactMap { rect -> (Double, Double)? in
            let x = Double(rect.prefix { $0 != "\"" }), width = rect.firstMatch(of: /width="([0-9.]+)"/).flatMap { Double($0.1) }
            return x.flatMap { x in width.map { ((x - 56) / 1108 * 107, $0 / 1108 * 107) } }
        }
        #expect(shaded.count == 2)
        for (spell, expected) in zip(shaded, [(0.0, 8.0), (58.0, 10.0)]) {
            #expect(abs(spell.0 - expected.0) < 0.2 && abs(spell.1 - expected.1) < 0.2, "\(spell)")
        }
    }

    @Test("a receiver standing still (gpsd's BU-353-S4 log): the scatter, with CEP50 and CEP95",
          .enabled(if: SharedMaterial.gpsdLogs != nil, "\(SharedMaterial.missingMessage)"))
    func stationary() async throws {
        let log = try #require(SharedMaterial.gpsdLogs).appendingPathComponent("bu353s4.log").path
        let html = await page(of: log, title: "bu353s4.log")
        #expect(html.contains("Standing still"))
        #expect(html.contains("<circle class=\"cep50\""))
        #expect(html.contains("<circle class=\"cep95\""))
        #expect(html.contains("<span>CEP50</span>"))
    }

    @Test("a capture without a fix still makes a page, saying there is no track",
          .enabled(if: SharedMaterial.gpsdLogs != nil, "\(SharedMaterial.missingMessage)"))
    func noFix() async throws {
        let log = try #require(SharedMaterial.gpsdLogs).appendingPathComponent("ublox-lea-5q.log").path
        let html = await page(of: log, title: "ublox-lea-5q.log")
        #expect(html.contains("no fix in this capture: no track to draw"))
        #expect(html.contains("<b>no fix</b><span>time to first fix"))
    }

    @Test("headless Chromium draws the page at 1280 wide with no console message, and prints it to a PDF of pages",
          .enabled(if: Tools.chromium != nil, "chromium is not installed (apt-get install chromium)"))
    func inChromium() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Data(await page(of: sampleDrive).utf8).write(to: URL(fileURLWithPath: scratch.file("report.html")))
        let chromium = { (output: [String]) in
            try await Tools.run(Tools.chromium!, [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(scratch.file("profile"))",
                "--window-size=1280,2000", "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
            ] + output + ["file://\(scratch.file("report.html"))"])
        }
        let result = try await chromium(["--screenshot=\(scratch.file("report.png"))"])
        #expect(result.status == 0, "\(result.output)")
        #expect(!result.output.contains(":CONSOLE"), "\(result.output)")
        let png = scratch.contents("report.png")
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(png.count > 20_000, "a drawn page, not a blank one: \(png.count) bytes")

        // Printed with the page's print style: a PDF of landscape pages, wide enough for the
        // charts' labels.
        let printed = try await chromium(["--no-pdf-header-footer", "--print-to-pdf=\(scratch.file("report.pdf"))"])
        #expect(printed.status == 0, "\(printed.output)")
        #expect(!printed.output.contains(":CONSOLE"), "\(printed.output)")
        let pdf = String(decoding: scratch.contents("report.pdf"), as: UTF8.self)
        #expect(pdf.hasPrefix("%PDF-"))
        let pages = pdf.matches(of: /\/Type\s*\/Page\b(?!s)/).count
        #expect(pages >= 1, "\(pdf.count) bytes of PDF")
        let mediaBox = try #require(pdf.firstMatch(of: /\/MediaBox\s*\[\s*0\s+0\s+([0-9.]+)\s+([0-9.]+)\s*\]/))
        #expect(Double(mediaBox.1)! > Double(mediaBox.2)!, "landscape: \(mediaBox.0)")

        // GPS_REPORT_SCREENSHOTS=FOLDER keeps the screenshot and the PDF there, to be looked at.
        if let folder = ProcessInfo.processInfo.environment["GPS_REPORT_SCREENSHOTS"] {
            for name in ["report.png", "report.pdf"] {
                try? FileManager.default.removeItem(atPath: folder + "/" + name)
                try FileManager.default.copyItem(atPath: scratch.file(name), toPath: folder + "/" + name)
            }
        }
    }
}
