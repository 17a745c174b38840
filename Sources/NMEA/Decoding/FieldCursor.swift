/// Walks a sentence's fields once, front to back, parsing each in place.
///
/// Every parser stops at the first byte that cannot continue its value and
/// relies on the sentence's invariant that the byte at `end` is readable and
/// is neither a digit nor a comma, so no loop needs a bounds check. A field
/// past the last one the sentence sent reads as empty (older receivers omit
/// trailing fields).
struct FieldCursor {
    /// The comma before the next field, or `end` when none is left.
    private var separator: UnsafePointer<UInt8>
    let end: UnsafePointer<UInt8>

    init(_ sentence: NMEASentence) {
        separator = sentence.addressEnd
        end = sentence.bodyEnd
    }

    /// The first byte of the next field, or `nil` when the sentence has no more fields.
    @inline(__always)
    func fieldStart() -> UnsafePointer<UInt8>? {
        separator < end ? separator + 1 : nil
    }

    /// Finishes a field whose value ended at `position`, which must be the field's end.
    @inline(__always)
    mutating func close(at position: UnsafePointer<UInt8>, _ name: NMEAFieldName) throws(NMEAError) {
        guard position == end || position.pointee == UInt8(ascii: ",") else { throw .invalidField(name) }
        separator = position
    }

    @inline(__always)
    static func isEmpty(_ position: UnsafePointer<UInt8>, before end: UnsafePointer<UInt8>) -> Bool {
        position == end || position.pointee == UInt8(ascii: ",")
    }

    /// Skips a field whatever it holds.
    @inline(__always)
    mutating func skip() {
        guard var position = fieldStart() else { return }
        while position < end && position.pointee != UInt8(ascii: ",") { position += 1 }
        separator = position
    }

    /// A field of one character, or `nil` when empty.
    @inline(__always)
    mutating func character(_ name: NMEAFieldName) throws(NMEAError) -> UInt8? {
        guard let start = fieldStart(), !Self.isEmpty(start, before: end) else { skip(); return nil }
        try close(at: start + 1, name)
        return start.pointee
    }

    /// A field that is empty or holds exactly `letter` (a unit such as `M`).
    @inline(__always)
    mutating func expect(_ letter: UInt8, _ name: NMEAFieldName) throws(NMEAError) {
        if let value = try character(name), value != letter { throw .invalidField(name) }
    }
}
