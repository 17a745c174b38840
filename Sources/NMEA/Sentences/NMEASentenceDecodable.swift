/// A sentence type that decodes from an ``NMEASentence`` into plain values.
public protocol NMEASentenceDecodable: Sendable {
    /// Decodes `sentence`.
    ///
    /// - Throws: ``NMEAError/unexpectedSentenceType(_:)`` for a sentence of
    ///   another type, ``NMEAError/invalidField(_:)`` for a value that cannot be right.
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

extension GGA: NMEASentenceDecodable {}
extension RMC: NMEASentenceDecodable {}
