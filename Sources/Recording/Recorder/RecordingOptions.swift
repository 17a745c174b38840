import FoundationEssentials

/// How `NMERecorder` writes: what to do with a file already there, when to `fsync`, when to
/// start a new file, and whether to begin with a comment header.
public struct RecordingOptions: Sendable {
    /// What to do when the file is already there.
    public enum ExistingFile: Sendable {
        /// Stop with `RecordingError.fileExists` (`.pieceExists` for a piece of an earlier
        /// recording, when rotating): nothing is overwritten by accident.
        case refuse
        /// Add to its end (to the newest piece, when rotating).
        case append
        /// Replace it; when rotating, remove the pieces an earlier recording left first.
        case replace
    }

    /// When the recorded lines are forced to the disk with `fsync`.
    ///
    /// Every whole line is handed to the kernel (`write`) as soon as it has arrived, whatever
    /// the policy: a crash or a SIGKILL of the recording process loses no complete line. The
    /// policy is about the machine losing power or crashing.
    public enum SyncPolicy: Sendable {
        /// After each epoch's lines: a power cut loses at most the epoch under way. One
        /// `fsync` a second at 1 Hz.
        case everyEpoch
        /// Only when a file is closed (rotation, the end): the kernel writes back on its own,
        /// within about 30 s (Linux's `dirty_expire_centisecs`); kinder to SD cards.
        case onClose
    }

    /// When the recording moves on to a new file. The pieces are `FILE`, `FILE.1`, `FILE.2`…
    /// in order: `cat FILE FILE.1 FILE.2` is the whole recording. A piece always ends on a
    /// whole line, so no line is split or lost at the boundary.
    public enum Rotation: Hashable, Sendable {
        /// One file.
        case never
        /// A new piece before a write would take the current one past this many bytes (a
        /// single line longer than that gets a piece of its own).
        case bySize(Int)
        /// A new piece at the first line of each UTC hour, by `clock`.
        case hourly
    }

    /// What to do with a file already there; `.refuse` by default.
    public var existingFile: ExistingFile
    /// When to `fsync`; `.everyEpoch` by default.
    public var sync: SyncPolicy
    /// When to start a new piece; `.never` by default.
    public var rotation: Rotation
    /// Whether each piece begins with `#` comment lines naming the device, its speed and the
    /// start time (gpsd's `gpsfake` and `gps replay` both skip them); true by default.
    public var writesHeader: Bool
    /// The wall clock for the header and hourly rotation; the system's by default.
    public var clock: @Sendable () -> Date

    /// Options; every one defaults as documented on its property.
    public init(
        existingFile: ExistingFile = .refuse, sync: SyncPolicy = .everyEpoch, rotation: Rotation = .never,
        writesHeader: Bool = true, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.existingFile = existingFile
        self.sync = sync
        self.rotation = rotation
        self.writesHeader = writesHeader
        self.clock = clock
    }
}
