extension GSA {
    /// Up to twelve satellite IDs, stored inline: making, copying and
    /// reading them allocates nothing.
    public struct SatelliteIDs: RandomAccessCollection, Hashable, Sendable {
        /// The most IDs one GSA carries.
        public static let capacity = 12

        private var storage: (UInt16, UInt16, UInt16, UInt16, UInt16, UInt16,
                              UInt16, UInt16, UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        private var used: UInt8 = 0

        /// Creates an empty list.
        public init() {}

        /// Creates a list of at most ``capacity`` IDs, each 0–65535.
        public init(_ ids: some Sequence<Int>) {
            for id in ids { append(UInt16(id)) }
        }

        /// The position of the first ID.
        public var startIndex: Int { 0 }
        /// The position after the last ID.
        public var endIndex: Int { Int(used) }

        /// The ID at `position`, which must be below ``endIndex``.
        public subscript(position: Int) -> Int {
            precondition(position >= 0 && position < Int(used), "satellite ID index out of range")
            return withUnsafeBytes(of: storage) { Int($0.load(fromByteOffset: position * 2, as: UInt16.self)) }
        }

        /// Adds an ID; the list must hold fewer than ``capacity``.
        mutating func append(_ id: UInt16) {
            precondition(Int(used) < Self.capacity, "a GSA lists at most 12 satellites")
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: id, toByteOffset: Int(used) * 2, as: UInt16.self) }
            used += 1
        }

        /// Two lists are equal when they hold the same IDs in the same order.
        public static func == (lhs: SatelliteIDs, rhs: SatelliteIDs) -> Bool { lhs.elementsEqual(rhs) }

        /// Hashes the IDs in order.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(used)
            for id in self { hasher.combine(id) }
        }
    }
}

extension GSA.SatelliteIDs: CustomStringConvertible {
    /// The IDs, such as `[4, 5, 9]`.
    public var description: String { "\(Array(self))" }
}
