/// Tells a receiver read at the wrong speed from one that is merely quiet: at the wrong speed
/// bytes keep coming and none of them frames a valid frame of any protocol (an NMEA sentence,
/// a UBX or RTCM 3 frame).
///
/// Fed what each read returned and whether a valid frame ended in it; says when the stream
/// has just turned to garbage, once per spell: a valid frame ends the spell.
struct GarbleDetector {
    /// The bytes without a valid sentence that make a spell: 25 of the longest lines NMEA
    /// allows (82 bytes), so a corrupt line or a binary message among sentences never counts.
    static let limit = 2048

    private var bytesSinceSentence = 0
    private var isInSpell = false

    /// Records one read of `byteCount` bytes; true when it starts a spell of garbage.
    mutating func record(_ byteCount: Int, framedSentence: Bool) -> Bool {
        guard !framedSentence else {
            bytesSinceSentence = 0
            isInSpell = false
            return false
        }
        bytesSinceSentence += byteCount
        guard !isInSpell, bytesSinceSentence >= Self.limit else { return false }
        isInSpell = true
        return true
    }
}
