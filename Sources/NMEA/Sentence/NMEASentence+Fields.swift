extension NMEASentence {
    /// The data fields after the address, in order: for `$GPGGA,123519,4807.038,N,...`
    /// the first is `123519`. An empty field (`,,`) is an empty ``NMEAField``.
    public var fields: Fields { Fields(sentence: self) }

    /// The field at `index` (0 is the first field after the address), or `nil`
    /// when the sentence has fewer fields.
    ///
    /// - Complexity: O(*n*) in the length of the sentence; walk ``fields`` to
    ///   visit several.
    public func field(at index: Int) -> NMEAField? {
        var remaining = index
        for field in fields {
            if remaining == 0 { return field }
            remaining -= 1
        }
        return nil
    }

    /// The data fields of a sentence, walked front to back without allocating.
    public struct Fields: Sequence {
        let sentence: NMEASentence

        /// The number of fields after the address.
        ///
        /// - Complexity: O(*n*) in the length of the sentence.
        public var count: Int {
            var count = 0
            for _ in self { count += 1 }
            return count
        }

        /// Returns an iterator over the fields.
        public func makeIterator() -> Iterator {
            Iterator(separator: sentence.addressEnd, end: sentence.bodyEnd)
        }

        /// Yields each field in turn.
        public struct Iterator: IteratorProtocol {
            /// The comma before the next field, or `end` when there is none.
            var separator: UnsafePointer<UInt8>
            let end: UnsafePointer<UInt8>

            /// The next field, or `nil` after the last.
            public mutating func next() -> NMEAField? {
                guard separator < end else { return nil }
                let start = separator + 1
                var position = start
                while position < end && position.pointee != UInt8(ascii: ",") { position += 1 }
                separator = position
                return NMEAField(start: start, end: position)
            }
        }
    }
}

@available(*, unavailable, message: "fields point into a buffer that is only valid inside its closure")
extension NMEASentence.Fields: Sendable {}
