/// A set of field numbers of one sentence, 1 being the first field after the
/// address (the standard's numbering): the fields a decoder found malformed
/// and read as `nil`.
///
/// Fields past the 32nd are not recorded.
public struct FieldNumbers: Hashable, Sendable {
    /// Bit *n* − 1 stands for field *n*.
    public var rawValue: UInt32

    /// Creates a set from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The empty set: every field was well formed.
    public static var none: FieldNumbers { FieldNumbers(rawValue: 0) }

    /// Whether no field is in the set.
    public var isEmpty: Bool { rawValue == 0 }

    /// How many fields are in the set.
    public var count: Int { rawValue.nonzeroBitCount }

    /// Whether field `number` (1-based) is in the set.
    public func contains(_ number: Int) -> Bool {
        (1...32).contains(number) && rawValue & 1 << (number - 1) != 0
    }

    /// Adds field `number` (1-based); numbers past 32 are ignored.
    public mutating func insert(_ number: Int) {
        if (1...32).contains(number) { rawValue |= 1 << (number - 1) }
    }
}

extension FieldNumbers: CustomStringConvertible {
    /// The numbers in the set, such as `[11]`.
    public var description: String { "\((1...32).filter(contains))" }
}
