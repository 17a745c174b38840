/// The raw bytes of one field of an ``NMEASentence``, without its commas.
///
/// Like the sentence it comes from, a field is only valid inside the closure
/// that received the sentence.
public struct NMEAField {
    let start: UnsafePointer<UInt8>
    let end: UnsafePointer<UInt8>

    init(start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) {
        self.start = start
        self.end = end
    }

    /// The field's bytes.
    public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: end - start) }

    /// Whether the field is empty (`,,`): the receiver has no value for it.
    public var isEmpty: Bool { start == end }

    /// Whether the field holds exactly the ASCII text `literal`.
    public func equals(_ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { expected in expected.elementsEqual(bytes) }
    }
}

@available(*, unavailable, message: "a field points into a buffer that is only valid inside its closure")
extension NMEAField: Sendable {}

extension NMEAField: CustomStringConvertible {
    /// The field as text (allocates).
    public var description: String { String(decoding: bytes, as: UTF8.self) }
}
