/// Walks a sentence's fields once, front to back, parsing each in place.
///
/// Every parser stops at the first byte that cannot continue its value and
/// relies on the sentence's invariant that the byte at `end` is readable and
/// is neither a digit nor a comma, so no loop needs a bounds check. A field
/// past the last one the sentence sent reads as empty (older receivers omit
/// trailing fields).
///
/// Readers throw ``NMEAError/invalidField(_:)`` for a malformed field and
/// leave the cursor before it. A strict field lets that error reject the
/// sentence; an optional one is read through ``lenient(fields:_:)``, which
/// turns the error into `nil` and records the field in ``malformedFields``.
struct FieldCursor {
    /// The comma before the next field, or `end` when none is left.
    var separator: UnsafePointer<UInt8>
    /// The comma before field 1 (or `end`): where field numbers count from.
    private let addressEnd: UnsafePointer<UInt8>
    let end: UnsafePointer<UInt8>

    /// The optional fields read as `nil` because they were malformed.
    private(set) var malformedFields = FieldNumbers.none

    init(_ sentence: NMEASentence) {
        separator = sentence.addressEnd
        addressEnd = sentence.addressEnd
        end = sentence.bodyEnd
    }

    /// The eight bytes from `position` as a ``DigitWord``, when they lie
    /// within the body; `nil` near its end, for a byte-at-a-time reader.
    @inline(__always)
    func digitWord(at position: UnsafePointer<UInt8>) -> DigitWord? {
        end - position >= 8 ? DigitWord(position) : nil
    }

    /// The first byte of the next field, or `nil` when the sentence has no more fields.
    @inline(__always)
    func fieldStart() -> UnsafePointer<UInt8>? {
        separator < end ? separator + 1 : nil
    }

    /// Whether the next field is the sentence's last one.
    @inline(__always)
    func isAtLastField() -> Bool {
        guard var position = fieldStart() else { return false }
        while position < end && position.pointee != UInt8(ascii: ",") { position += 1 }
        return position == end
    }

    /// Whether the next field holds exactly `letter`.
    @inline(__always)
    func nextField(is letter: UInt8) -> Bool {
        guard let start = fieldStart(), start < end else { return false }
        return start.pointee == letter && Self.isEmpty(start + 1, before: end)
    }

    /// Whether the next field is empty or absent.
    @inline(__always)
    func nextFieldIsEmpty() -> Bool {
        fieldStart().map { Self.isEmpty($0, before: end) } ?? true
    }

    /// Whether the sentence has more than `count` fields left.
    func hasMoreFields(than count: Int) -> Bool {
        var position = separator, left = count
        while position < end {
            if position.pointee == UInt8(ascii: ",") {
                if left == 0 { return true }
                left -= 1
            }
            position += 1
        }
        return false
    }

    /// Finishes a field whose value ended at `position`, which must be the field's end.
    @inline(__always)
    mutating func close(at position: UnsafePointer<UInt8>, _ name: NMEAFieldName) throws(NMEAError) {
        guard position == end || position.pointee == UInt8(ascii: ",") else { throw .invalidField(name) }
        separator = position
    }

    /// Whether a field ends at `position`: a comma or the body's end. The comma is tested first
    /// and marked as the likely case, so that a field ending in one costs a compare and a branch.
    @inline(__always)
    static func isEmpty(_ position: UnsafePointer<UInt8>, before end: UnsafePointer<UInt8>) -> Bool {
        if _fastPath(position.pointee == UInt8(ascii: ",")) { return true }
        return position == end
    }

    /// Skips a field whatever it holds.
    @inline(__always)
    mutating func skip() {
        guard var position = fieldStart() else { return }
        while position < end && position.pointee != UInt8(ascii: ",") { position += 1 }
        separator = position
    }

    /// Reads an optional value spanning `count` fields (a value and its unit,
    /// say): a malformed field makes the value `nil`, is recorded in
    /// ``malformedFields``, and the cursor moves past the group.
    @inline(__always)
    mutating func lenient<Value>(
        fields count: Int = 1, _ read: (inout FieldCursor) throws(NMEAError) -> Value?
    ) -> Value? {
        let groupStart = separator
        do throws(NMEAError) {
            return try read(&self)
        } catch {
            recordMalformedField(inGroupFrom: groupStart, fields: count)
            return nil
        }
    }

    /// Marks the field the cursor stands before as malformed and skips the
    /// rest of its group; rare, so the fields are counted only here.
    @inline(never)
    mutating func recordMalformedField(inGroupFrom groupStart: UnsafePointer<UInt8>, fields count: Int) {
        var number = 1, consumed = 0
        var position = addressEnd
        while position < separator {
            if position.pointee == UInt8(ascii: ",") {
                number += 1
                if position >= groupStart { consumed += 1 }
            }
            position += 1
        }
        malformedFields.insert(number)
        for _ in consumed..<max(count, consumed + 1) { skip() }
    }

    /// Records field `number` as malformed, for a decoder that judged it itself.
    mutating func recordMalformedField(_ number: Int) {
        malformedFields.insert(number)
    }

    /// A field of one character, or `nil` when empty.
    @inline(__always)
    mutating func character(_ name: NMEAFieldName) throws(NMEAError) -> UInt8? {
        guard let start = fieldStart() else { return nil }
        if Self.isEmpty(start, before: end) { separator = start; return nil }
        try close(at: start + 1, name)
        return start.pointee
    }

    /// A field that is empty or holds exactly `letter` (a unit such as `M`).
    @inline(__always)
    mutating func expect(_ letter: UInt8, _ name: NMEAFieldName) throws(NMEAError) {
        guard let start = fieldStart() else { return }
        if Self.isEmpty(start, before: end) { separator = start; return }
        guard start.pointee == letter else { throw .invalidField(name) }
        try close(at: start + 1, name)
    }

    /// A field of one hex digit (either case), as 0–15, or `nil` when empty.
    @inline(__always)
    mutating func hexDigit(_ name: NMEAFieldName) throws(NMEAError) -> UInt8? {
        guard let start = fieldStart() else { return nil }
        if Self.isEmpty(start, before: end) { separator = start; return nil }
        let value = SentenceScanner.hexValue(start.pointee)
        guard value < 16 else { throw .invalidField(name) }
        try close(at: start + 1, name)
        return value
    }
}
