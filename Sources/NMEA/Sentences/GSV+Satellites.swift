extension GSV {
    /// Up to four satellites, stored inline: making, copying and reading
    /// them allocates nothing.
    public struct Satellites: RandomAccessCollection, Hashable, Sendable {
        /// The most satellites one GSV carries.
        public static let capacity = 4

        private var storage = (Satellite(), Satellite(), Satellite(), Satellite())
        private var used: UInt8 = 0

        /// Creates an empty list.
        public init() {}

        /// A full list of four, stored at once.
        @inline(__always)
        init(four: (Satellite, Satellite, Satellite, Satellite)) {
            storage = four
            used = 4
        }

        /// Creates a list of at most ``capacity`` satellites.
        public init(_ satellites: some Sequence<Satellite>) {
            for satellite in satellites { append(satellite) }
        }

        /// Iterates the satellites in order.
        ///
        /// It holds its own copy of the four and shifts the next one to the front at each
        /// step, where the subscript copies the whole storage to read one by its index: a
        /// `for` loop over a GSV's satellites takes about 7 instructions a satellite fewer
        /// (callgrind).
        public struct Iterator: IteratorProtocol, Sendable {
            private var rest: (Satellite, Satellite, Satellite, Satellite)
            private var left: UInt8

            @inline(__always)
            fileprivate init(_ satellites: Satellites) {
                rest = satellites.storage
                left = satellites.used
            }

            /// The next satellite, or `nil` after the last.
            @inline(__always)
            public mutating func next() -> Satellite? {
                guard left > 0 else { return nil }
                let satellite = rest.0
                rest = (rest.1, rest.2, rest.3, rest.3)
                left &-= 1
                return satellite
            }
        }

        /// An iterator over the satellites, in order.
        @inline(__always)
        public func makeIterator() -> Iterator { Iterator(self) }

        /// The position of the first satellite.
        public var startIndex: Int { 0 }
        /// The position after the last satellite.
        public var endIndex: Int { Int(used) }

        /// The satellite at `position`, which must be below ``endIndex``.
        public subscript(position: Int) -> Satellite {
            precondition(position >= 0 && position < Int(used), "satellite index out of range")
            return withUnsafePointer(to: storage) {
                $0.withMemoryRebound(to: Satellite.self, capacity: Self.capacity) { $0[position] }
            }
        }

        /// Adds a satellite; the list must hold fewer than ``capacity``.
        mutating func append(_ satellite: Satellite) {
            precondition(Int(used) < Self.capacity, "a GSV lists at most 4 satellites")
            let position = Int(used)
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: Satellite.self, capacity: Self.capacity) { $0[position] = satellite }
            }
            used += 1
        }

        /// Two lists are equal when they hold the same satellites in the same order.
        public static func == (lhs: Satellites, rhs: Satellites) -> Bool { lhs.elementsEqual(rhs) }

        /// Hashes the satellites in order.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(used)
            for satellite in self { hasher.combine(satellite) }
        }
    }
}
