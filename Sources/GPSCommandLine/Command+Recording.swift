import CommandLineParsing
import POSIXSupport
import SerialPort

/// The command line of recording and export: `gps record`, `gps report` and `gps replay`'s
/// `--gpx` and `--geojson`.
enum RecordingCommands {
    static let record = CommandDefinition<Command>(
        "record", "records a device's NMEA, byte for byte, into --output FILE until Ctrl-C",
        discussion: "records every line a device (default: the receiver discovery finds) or a running gpsd "
            + "(gpsd://HOST[:PORT][/DEVICE]) sends, as received, into FILE; gpsfake and gps replay play it back. "
            + "Each line is written as soon as it has arrived (a crash or SIGKILL loses no complete line) and each "
            + "epoch is fsync'ed (--sync close leaves it to the kernel). An existing FILE is kept unless --append "
            + "or --force; a full disk stops the recording with exit status 1, the file ending on a whole line",
        operands: [Operands.source],
        options: [Options.output, Options.baud, Options.append, Options.force, Options.sync, Options.rotate, Options.noHeader,
                  RTKOptions.ntrip, RTKOptions.ggaInterval]
    ) { arguments throws(UsageProblem) in
        guard let output = arguments[Options.output] else { throw .conflict("needs --output FILE") }
        if arguments[Options.append] && arguments[Options.force] { throw .conflict("give --append or --force, not both") }
        let device = arguments[Operands.source]
        if device?.string?.hasPrefix(GPSDURL.scheme) == true, arguments.isGiven(Options.baud) {
            throw .conflict("--baud cannot be combined with gpsd://")
        }
        let settings = RecordSettings(
            output: output,
            existingFile: arguments[Options.append] ? .append : arguments[Options.force] ? .replace : .refuse,
            sync: arguments[Options.sync], rotation: arguments[Options.rotate], writesHeader: !arguments[Options.noHeader])
        return try RTKOptions.wrap(
            .record(device: device, baudRate: arguments[Options.baud], settings: settings),
            in: arguments, notADevice: device?.string.flatMap { $0.hasPrefix(GPSDURL.scheme) ? $0 : nil })
    }

    static let report = CommandDefinition<Command>(
        "report", "draws a capture as one HTML page: the track, charts, fix states and figures",
        discussion: "draws a capture as one self-contained HTML page (inline SVG and CSS, no script, nothing "
            + "fetched): the track to scale, speed, altitude, satellites and signal over time, the fix states, "
            + "time to first fix, availability, distance, speeds, HDOP, and for a stationary capture the scatter "
            + "with CEP50 and CEP95",
        operands: [Operands.capture], options: [Options.reportOutput]
    ) { arguments throws(UsageProblem) in
        .report(file: arguments[Operands.capture], output: arguments[Options.reportOutput])
    }

    /// `--gpx` and `--geojson`, the options `gps replay` takes for an export.
    static let exportOptions: [any CommandOption] = [Options.gpx, Options.geoJSON]

    /// The export `gps replay`'s arguments ask for, or `nil` when they ask for none.
    ///
    /// - Throws: A conflict with `--json`, `--rate` or a filter: an export is every epoch of
    ///   the capture, as fast as possible.
    static func export(of file: FilePath, in arguments: ParsedArguments, others: [any CommandOption]) throws(UsageProblem) -> Command? {
        let format: ExportFormat
        switch (arguments[Options.gpx], arguments[Options.geoJSON]) {
        case (false, false): return nil
        case (true, true): throw .conflict("give --gpx or --geojson, not both")
        case (true, false): format = .gpx
        case (false, true): format = .geoJSON
        }
        if let other = others.first(where: arguments.isGiven) {
            throw .conflict("\(format == .gpx ? "--gpx" : "--geojson") cannot be combined with \(other.name)")
        }
        return .export(file: file, format: format)
    }
}

private enum Operands {
    static let source = Operand(
        optional: "DEVICE", "a serial device or a link to one, such as /dev/ttyACM0, or gpsd://HOST[:PORT][/DEVICE]",
        kind: .deviceOrGPSD)
    static let capture = Operand("FILE", "a capture: NMEA sentences as a receiver sends them", kind: .path)
}

private enum Options {
    static let output = Option(
        "--output", "FILE", "the file to record into; never through a symbolic link (name its target)", kind: .path)
    static let reportOutput = Option("--output", "PAGE", "the HTML page to write", kind: .path, default: "report.html")
    static let baud = Option("--baud", "N", "the speed in baud, instead of detecting it", kind: .baudRate)
    static let append = Flag("--append", "add to FILE when it exists")
    static let force = Flag("--force", "replace FILE when it exists")
    static let sync = Option(
        "--sync", "WHEN", "fsync after each epoch, or only when a file is closed", kind: .syncPolicy, default: .everyEpoch)
    static let rotate = Option(
        "--rotate", "SIZE|hourly", "move on to FILE.1, FILE.2... before SIZE bytes (k, M, G: KiB, MiB, GiB) or each UTC hour",
        kind: .rotation, default: .never)
    static let noHeader = Flag("--no-header", "leave out the # comment lines (device, speed, start time)")
    static let gpx = Flag("--gpx", "write GPX 1.1 on standard output: a track segment per stretch of fixes")
    static let geoJSON = Flag("--geojson", "write GeoJSON (RFC 7946) on standard output: a LineString per segment")
}

extension ValueKind where Value == RecordSettings.Sync {
    /// `epoch` or `close`.
    static let syncPolicy = ValueKind(
        expectation: "epoch or close",
        parse: { text in text == "epoch" ? .everyEpoch : text == "close" ? .onClose : nil },
        describe: { $0 == .everyEpoch ? "epoch" : "close" })
}

extension ValueKind where Value == RecordSettings.Rotation {
    /// `hourly`, or a size in bytes with an optional `k`, `M` or `G` (KiB, MiB, GiB).
    static let rotation = ValueKind(
        expectation: "a size such as 10M (k, M, G: KiB, MiB, GiB) or hourly",
        parse: { text in
            if text == "hourly" { return .hourly }
            let multipliers: [Character: Int] = ["k": 1 << 10, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
            let multiplier = text.last.flatMap { multipliers[$0] } ?? 1
            let digits = multiplier == 1 ? Substring(text) : text.dropLast()
            guard let count = Int(digits), count > 0 else { return nil }
            let (bytes, overflow) = count.multipliedReportingOverflow(by: multiplier)
            return overflow ? nil : .bySize(bytes)
        },
        describe: { rotation in
            switch rotation {
            case .never: "never"
            case .hourly: "hourly"
            case .bySize(let bytes): "\(bytes)"
            }
        })
}
