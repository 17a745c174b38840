import Foundation
import GNSS
import LocationTracking
import Testing
import TestSupport
@testable import GPSD

@Suite("TPV and SKY")
struct TPVTests {
    private func json(_ write: (inout GPSDJSONWriter) -> Void) -> String {
        var writer = GPSDJSONWriter()
        write(&writer)
        return String(decoding: writer.bytes.dropLast(2), as: UTF8.self)
    }

    private let time = Date(timeIntervalSince1970: 1_748_772_005)

    private var location: Location {
        Location(
            coordinate: Coordinate(latitude: 48.1374131, longitude: -11.57552), altitude: 519.4, geoidSeparation: 47.9,
            speed: 1.4, course: 54.7, timestamp: time, quality: .gps, mode: .threeDimensional, status: .valid,
            positioningMode: .autonomous, satellitesUsed: 9, hdop: 1.0)
    }

    @Test("an epoch without a fix is mode 1, with its time when it has one")
    func noFix() {
        #expect(json { $0.write(TPV()) } == #"{"class":"TPV","mode":1}"#)
        #expect(json { $0.write(TPV(device: "/dev/a", time: time)) }
            == #"{"class":"TPV","device":"/dev/a","mode":1,"time":"2025-06-01T10:00:05.000Z","ept":0.005}"#)
        var invalid = location
        invalid.status = .invalid
        #expect(json { $0.write(TPV(invalid)) } == #"{"class":"TPV","mode":1,"time":"2025-06-01T10:00:05.000Z","ept":0.005}"#)
    }

    @Test("a 3D fix: gpsd 3.22's fields, order and precision")
    func threeDimensional() {
        #expect(json { $0.write(TPV(location, device: "/dev/ttyACM0")) } == """
            {"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2025-06-01T10:00:05.000Z","ept":0.005,\
            "lat":48.137413100,"lon":-11.575520000,"altHAE":567.3000,"altMSL":519.4000,"alt":519.4000,\
            "track":54.7000,"magtrack":50.8121,"magvar":-3.9,"speed":1.400,"geoidSep":47.900,"eph":19.000}
            """)
    }

    @Test("climb comes from the previous 3D fix's altitude and time; never -0.000")
    func climb() {
        let first = TPV(location)
        var later = location
        later.timestamp = time.addingTimeInterval(2)
        later.altitude = 518.4
        #expect(TPV(later, previous: first).climb == -0.5)
        later.altitude = 519.4
        #expect(json { $0.write(TPV(later, previous: first)) }.contains(#""climb":0.000"#))
        var flat = later
        flat.mode = .twoDimensional
        #expect(TPV(flat, previous: first).climb == nil)
        #expect(TPV(later).climb == nil)
    }

    @Test("status says DGPS, RTK, dead reckoning and simulated, as gpsd numbers them", arguments: [
        (FixQuality.gps, nil), (.differential, 2), (.pps, 9), (.rtkFixed, 3), (.rtkFloat, 4), (.deadReckoning, 5),
        (.manualInput, 7), (.simulated, 8),
    ] as [(FixQuality, Int?)])
    func status(quality: FixQuality, status: Int?) {
        var fix = location
        fix.quality = quality
        let report = TPV(fix)
        #expect(report.status == status)
        #expect(json { $0.write(report) }.hasPrefix(status.map { #"{"class":"TPV","status":\#($0),"mode":3"# } ?? #"{"class":"TPV","mode":3"#))
    }

    @Test("with DGPS the error estimate uses gpsd's DGPS range error")
    func dgpsError() {
        var fix = location
        fix.quality = .differential
        fix.hdop = 2.5
        #expect(TPV(fix).eph == 11.875)
    }

    @Test("SKY: counts from the satellites, gpsd's precision, ss 0 without an SNR (as gpsd writes), sigid only when not 0")
    func sky() {
        let report = SKY(device: "/dev/a", vdop: 1.5, hdop: 1.1, pdop: 1.8, satellites: [
            Satellite(constellation: .gps, id: 17, elevation: 72, azimuth: 207, signalStrength: 32, isUsed: true),
            Satellite(constellation: .galileo, id: 1, signal: 2, elevation: 12.5),
        ])
        #expect(json { $0.write(report) } == """
            {"class":"SKY","device":"/dev/a","vdop":1.50,"hdop":1.10,"pdop":1.80,"nSat":2,"uSat":1,"satellites":[\
            {"PRN":17,"el":72.0,"az":207.0,"ss":32.0,"used":true,"gnssid":0,"svid":17},\
            {"PRN":301,"el":12.5,"ss":0.0,"used":false,"gnssid":2,"svid":1,"sigid":5}]}
            """)
        #expect(json { $0.write(SKY(hdop: 0.9, usedCount: 8)) } == #"{"class":"SKY","hdop":0.90,"uSat":8}"#)
    }

    @Test("epx and epy: the east and north DOPs of the satellites used, as gpsd 3.22 computes them, × 15 m")
    func horizontalErrors() {
        // bu353s4.log's first sky, and the errors gpsd 3.22 gives its next fixes (xdop 0.63, ydop 0.85).
        let sky: [(id: Int, elevation: Double, azimuth: Double, isUsed: Bool)] = [
            (17, 72, 207, true), (28, 59, 95, true), (6, 35, 347, true), (1, 29, 132, true), (30, 23, 11, true),
            (20, 17, 69, true), (26, 9, 293, true), (13, 7, 304, true), (11, 12, 132, false), (8, 38, 8, false),
        ]
        let satellites = sky.map {
            Satellite(constellation: .gps, id: $0.id, elevation: $0.elevation, azimuth: $0.azimuth, isUsed: $0.isUsed)
        }
        var report = TPV(location)
        report.setHorizontalErrors(from: SatelliteGeometry(satellites))
        #expect(json { $0.write(report) }.contains(#""alt":519.4000,"epx":9.484,"epy":12.791,"#))

        var dgps = location
        dgps.quality = .differential
        var differential = TPV(dgps)
        differential.setHorizontalErrors(from: SatelliteGeometry(satellites))
        #expect(differential.epx == report.epx.map { $0 / 4 })
        // Fewer than four satellites used: no geometry, as gpsd.
        #expect(SatelliteGeometry(Array(satellites.prefix(3)) + [Satellite(constellation: .gps, id: 2, elevation: 40, azimuth: 90)]) == nil)
        // One used without an elevation or an azimuth counts at 0° and 0°, as gpsd reads the empty fields.
        #expect(SatelliteGeometry(Array(satellites.prefix(3)) + [Satellite(constellation: .gps, id: 2, isUsed: true)])
            == SatelliteGeometry(Array(satellites.prefix(3)) + [Satellite(constellation: .gps, id: 2, elevation: 0, azimuth: 0, isUsed: true)]))
        var noFix = TPV(time: time)
        noFix.setHorizontalErrors(from: SatelliteGeometry(satellites))
        #expect(noFix.epx == nil)
    }

    @Test("SKY's dilutions of precision: east, north, time and geometric from the satellites used, the others the fix's, as gpsd 3.22 writes them")
    func skyDilutions() {
        // bu353s4.log's first sky and GSA (PDOP 1.8, HDOP 1.1, VDOP 1.5); gpsd 3.22 writes
        // "xdop":0.63,"ydop":0.85,"vdop":1.50,"tdop":0.89,"hdop":1.10,"gdop":2.01,"pdop":1.80 for it.
        let sky: [(id: Int, elevation: Double, azimuth: Double, isUsed: Bool)] = [
            (17, 72, 207, true), (28, 59, 95, true), (6, 35, 347, true), (1, 29, 132, true), (30, 23, 11, true),
            (20, 17, 69, true), (26, 9, 293, true), (13, 7, 304, true), (11, 12, 132, false), (8, 38, 8, false),
        ]
        let view = SatelliteView(satellites: sky.map {
            Satellite(constellation: .gps, id: $0.id, elevation: $0.elevation, azimuth: $0.azimuth, isUsed: $0.isUsed)
        }, timestamp: nil)
        var fix = location
        (fix.pdop, fix.hdop, fix.vdop) = (1.8, 1.1, 1.5)
        let dops = { (sky: SKY) in
            json { $0.write(sky) }.replacing(/,"nSat".*/, with: "").replacing(/.*"class":"SKY",("time":"[^"]*",)?/, with: "")
        }
        #expect(dops(SKY(view, location: fix, time: nil, device: nil))
            == #""xdop":0.63,"ydop":0.85,"vdop":1.50,"tdop":0.89,"hdop":1.10,"gdop":2.01,"pdop":1.80"#)
        // Without the fix's own figures, the geometry's (gpsd fills only those it lacks).
        (fix.pdop, fix.hdop, fix.vdop) = (nil, nil, nil)
        #expect(dops(SKY(view, location: fix, time: nil, device: nil))
            == #""xdop":0.63,"ydop":0.85,"vdop":1.46,"tdop":0.89,"hdop":1.06,"gdop":2.01,"pdop":1.80"#)
        // Fewer than four used: only the fix's.
        let few = SatelliteView(satellites: Array(view.satellites.prefix(3)), timestamp: nil)
        #expect(dops(SKY(few, location: location, time: nil, device: nil)) == #""hdop":1.00"#)
    }

    @Test("a SKY from the epoch's view and fix: satellites, DOPs and the time")
    func skyFromEpoch() {
        var fix = location
        fix.pdop = 1.8
        fix.vdop = 1.5
        let view = SatelliteView(satellites: [
            Satellite(constellation: .gps, id: 17, elevation: 72, azimuth: 207, signalStrength: 32, isUsed: true),
            Satellite(constellation: .glonass, id: 84, elevation: 80, azimuth: 312, signalStrength: 25),
        ], timestamp: time)
        #expect(json { $0.write(SKY(view, location: fix, time: nil, device: nil)) } == """
            {"class":"SKY","time":"2025-06-01T10:00:05.000Z","vdop":1.50,"hdop":1.00,"pdop":1.80,"nSat":2,"uSat":1,\
            "satellites":[{"PRN":17,"el":72.0,"az":207.0,"ss":32.0,"used":true,"gnssid":0,"svid":17},\
            {"PRN":84,"el":80.0,"az":312.0,"ss":25.0,"used":false,"gnssid":6,"svid":20}]}
            """)
        #expect(TPV(fix).sep == 1.8 * 19)
        #expect(TPV(fix).epv == 1.5 * 23)
    }
}
