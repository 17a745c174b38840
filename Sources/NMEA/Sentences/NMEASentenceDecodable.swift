/// A sentence type that decodes from an ``NMEASentence`` into plain values.
///
/// Decoders share one policy for real receivers' mess. A malformed field
/// that makes the fix (time, status or quality, latitude, longitude and
/// their hemispheres, mode) rejects the sentence. A malformed optional
/// field is `nil`, the rest decodes, and the field's number is listed in
/// ``malformedFields`` so the caller can count it.
public protocol NMEASentenceDecodable: Sendable {
    /// The three letters this decoder accepts, such as ``SentenceType/gga``.
    static var sentenceType: SentenceType { get }

    /// The optional fields that were malformed and read as `nil`.
    var malformedFields: FieldNumbers { get }

    /// Decodes `sentence`.
    ///
    /// - Throws: ``NMEAError/unexpectedSentenceType(_:)`` for a sentence of
    ///   another type, ``NMEAError/invalidField(_:)`` for a strict field
    ///   that cannot be right.
    init(_ sentence: NMEASentence) throws(NMEAError)
}

extension NMEASentenceDecodable {
    /// Validates and decodes one sentence given as text, such as
    /// `"$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"`.
    ///
    /// Allocation-free for native strings; see
    /// ``NMEASentence/withParsed(_:acceptsMissingChecksum:maximumLength:_:)``
    /// for the rules the text must follow.
    ///
    /// - Throws: The ``NMEAError`` that rejected the text or a field.
    public init(parsing text: some StringProtocol, acceptsMissingChecksum: Bool = false) throws(NMEAError) {
        self = try NMEASentence.withParsed(text, acceptsMissingChecksum: acceptsMissingChecksum) {
            (sentence) throws(NMEAError) in try Self(sentence)
        }
    }
}

// Each decoder's `init(_:)` is `@inline(__always)`, which inlines it into the
// conformance below. Otherwise the optimizer specializes it for the witness
// and leaves the public entry point a thunk that copies the whole result (144
// bytes for a GGA) on every call from another module: 4 % of the cost of a
// sentence (`nmea-bench` under callgrind).
extension GGA: NMEASentenceDecodable {}
extension RMC: NMEASentenceDecodable {}
extension GSA: NMEASentenceDecodable {}
extension GSV: NMEASentenceDecodable {}
extension VTG: NMEASentenceDecodable {}
extension GLL: NMEASentenceDecodable {}
extension GNS: NMEASentenceDecodable {}
extension ZDA: NMEASentenceDecodable {}
extension GST: NMEASentenceDecodable {}
extension GBS: NMEASentenceDecodable {}
extension HDT: NMEASentenceDecodable {}
extension PGRME: NMEASentenceDecodable {}
extension PSTI030: NMEASentenceDecodable {}
extension PUBX00: NMEASentenceDecodable {}
