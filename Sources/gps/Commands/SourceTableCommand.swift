import GNSS
import GPSD
import GPSReader
import LocationTracking
import NTRIP

/// `gps ntrip ntrip://HOST[:PORT]/ [DEVICE] [--json]`: a caster's mountpoints as a table (or
/// one JSON object per line), with each one's distance from the receiver's first fix when a
/// device is given.
@MainActor
enum SourceTableCommand {
    static func run(_ caster: NTRIPURL, device: String?, json: Bool) async -> CommandExit.Status {
        let table: SourceTable
        do throws(NTRIPError) {
            table = try await NTRIPClient.sourceTable(of: caster)
        } catch {
            printError("gps: cannot read the source table of \(caster): \(error)")
            return .failure
        }
        var position: Coordinate?
        if let device {
            position = await firstFix(of: device)
            if position == nil { printError("gps: no fix from \(device) within 30 s: distances left out") }
        }
        let entries = table.entries.sorted { first, second in
            guard let position else { return false }
            return (first.distance(from: position) ?? .infinity) < (second.distance(from: position) ?? .infinity)
        }
        print(json ? jsonLines(entries, from: position) : text(entries, from: position), terminator: "")
        return .success
    }

    /// The table: a header, then a line per mountpoint.
    static func text(_ entries: [SourceTableEntry], from position: Coordinate?) -> String {
        var lines = ["MOUNTPOINT".column(16) + "FORMAT".column(11) + "MESSAGES".column(34) + "POSITION".column(20)
            + (position == nil ? "" : "DISTANCE")]
        for entry in entries {
            let types = entry.messageTypes.map(String.init).joined(separator: " ")
            let place = entry.coordinate.map {
                FixedDecimal.string($0.latitude, decimals: 4) + " " + FixedDecimal.string($0.longitude, decimals: 4)
            } ?? "-"
            let distance: String? = position.flatMap { entry.distance(from: $0) }.map { FixedDecimal.string($0 / 1000, decimals: 1) + " km" }
            var line = entry.mountpoint.column(15) + " " + entry.format.column(10)
            line += " " + (types.isEmpty ? "-" : types).column(33) + " " + place.column(19)
            if position != nil { line += " " + (distance ?? "-") }
            lines.append(line.trimmingTrailingSpaces())
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One object per mountpoint: mountpoint, format, details, lat, lon, nmea, authentication, distance (m).
    static func jsonLines(_ entries: [SourceTableEntry], from position: Coordinate?) -> String {
        var writer = GPSDJSONWriter()
        for entry in entries {
            writer.beginObject()
            writer.field("mountpoint", entry.mountpoint)
            writer.field("format", entry.format)
            writer.field("details", entry.formatDetails)
            writer.field("lat", entry.coordinate?.latitude, decimals: 4)
            writer.field("lon", entry.coordinate?.longitude, decimals: 4)
            writer.field("nmea", entry.wantsGGA)
            writer.field("authentication", entry.authentication)
            writer.field("distance", position.flatMap { entry.distance(from: $0) }, decimals: 0)
            writer.endObject()
        }
        return String(decoding: writer.bytes, as: UTF8.self).replacing("\r\n", with: "\n")
    }

    /// The first valid fix `device` gives within 30 s.
    private static func firstFix(of device: String) async -> Coordinate? {
        let connection = DeviceConnection(.path(device))
        let reading = Task { () -> Coordinate? in
            for await event in connection.events() {
                if case .epoch(let report) = event, let location = report.location, location.isValidFix { return location.coordinate }
            }
            return nil
        }
        let timeout = Task {
            try? await Task.sleep(for: .seconds(30))
            reading.cancel()
        }
        let position = await reading.value
        timeout.cancel()
        return position
    }
}
