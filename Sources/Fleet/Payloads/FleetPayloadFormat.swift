/// How a fix is written into an MQTT message.
public enum FleetPayloadFormat: String, Sendable, Hashable, CaseIterable {
    /// OwnTracks' location JSON (`"_type":"location"`), which OwnTracks' apps, its Recorder and
    /// Home Assistant read; see `OwnTracksLocation`.
    case ownTracks = "owntracks"
    /// gpsd's TPV report (gpsd_json(5)), as `gps read --json` writes it.
    case gpsd
}
