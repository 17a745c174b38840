import POSIXSupport

/// How `gps record` is asked to write: `--output FILE`, `--append` or `--force`, `--sync`,
/// `--rotate` and `--no-header`.
public struct RecordSettings: Equatable, Sendable {
    /// What to do with a file already there.
    public enum ExistingFile: Equatable, Sendable {
        /// Refuse it (the default): nothing is overwritten by accident.
        case refuse
        /// `--append`: add to it.
        case append
        /// `--force`: replace it.
        case replace
    }

    /// `--sync`: when the lines are forced to the disk.
    public enum Sync: Equatable, Sendable {
        /// `epoch` (the default): after each epoch.
        case everyEpoch
        /// `close`: when a file is closed; the kernel writes back in between.
        case onClose
    }

    /// `--rotate`: when the recording moves on to `FILE.1`, `FILE.2`...
    public enum Rotation: Equatable, Sendable {
        /// One file (the default).
        case never
        /// `--rotate SIZE`: before a file would pass this many bytes.
        case bySize(Int)
        /// `--rotate hourly`: at each UTC hour.
        case hourly
    }

    /// The file (the first piece, when rotating).
    public var output: FilePath
    /// What to do with a file already there.
    public var existingFile: ExistingFile
    /// When to `fsync`.
    public var sync: Sync
    /// When to rotate.
    public var rotation: Rotation
    /// Whether the file begins with `#` comment lines (device, speed, start time).
    public var writesHeader: Bool

    /// Settings; all but the file as by default.
    public init(
        output: FilePath, existingFile: ExistingFile = .refuse, sync: Sync = .everyEpoch, rotation: Rotation = .never,
        writesHeader: Bool = true
    ) {
        self.output = output
        self.existingFile = existingFile
        self.sync = sync
        self.rotation = rotation
        self.writesHeader = writesHeader
    }
}

/// What `gps replay FILE --gpx` or `--geojson` writes on standard output.
public enum ExportFormat: Equatable, Sendable {
    /// GPX 1.1.
    case gpx
    /// GeoJSON (RFC 7946).
    case geoJSON
}
