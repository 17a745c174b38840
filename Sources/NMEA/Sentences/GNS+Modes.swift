import GNSS

extension GNS {
    /// GNS's mode characters, one per constellation, stored inline: making,
    /// copying and reading them allocates nothing.
    public struct Modes: RandomAccessCollection, Hashable, Sendable {
        /// The most mode characters kept.
        public static let capacity = 8

        /// The letters, first in the lowest byte.
        private var letters: UInt64 = 0
        private var used: UInt8 = 0

        /// Creates an empty list.
        public init() {}

        /// Creates a list of at most ``capacity`` modes.
        public init(_ modes: some Sequence<PositioningMode>) {
            for mode in modes { append(mode) }
        }

        /// The position of the first mode.
        public var startIndex: Int { 0 }
        /// The position after the last mode.
        public var endIndex: Int { Int(used) }

        /// The mode at `position`, which must be below ``endIndex``.
        public subscript(position: Int) -> PositioningMode {
            precondition(position >= 0 && position < Int(used), "mode index out of range")
            return PositioningMode(rawValue: UInt8(truncatingIfNeeded: letters >> (position * 8)))
        }

        /// The mode for GPS, the first character.
        public var gps: PositioningMode? { count > 0 ? self[0] : nil }
        /// The mode for GLONASS, the second character.
        public var glonass: PositioningMode? { count > 1 ? self[1] : nil }
        /// The mode for Galileo, the third character.
        public var galileo: PositioningMode? { count > 2 ? self[2] : nil }
        /// The mode for BeiDou, the fourth character.
        public var beidou: PositioningMode? { count > 3 ? self[3] : nil }

        /// Adds a mode; the list must hold fewer than ``capacity``.
        mutating func append(_ mode: PositioningMode) {
            precondition(Int(used) < Self.capacity, "GNS keeps at most 8 modes")
            letters |= UInt64(mode.rawValue) << (Int(used) * 8)
            used += 1
        }
    }
}

extension GNS.Modes: CustomStringConvertible {
    /// The letters as sent, such as `AANN`.
    public var description: String { String(decoding: map(\.rawValue), as: UTF8.self) }
}

extension FieldCursor {
    /// A field of up to ``GNS/Modes/capacity`` mode letters, empty when the field is.
    @inline(__always)
    mutating func modes(_ name: NMEAFieldName) throws(NMEAError) -> GNS.Modes {
        var modes = GNS.Modes()
        guard let start = fieldStart() else { return modes }
        var position = start
        while position < end, case let letter = position.pointee, (letter | 0x20) &- 0x61 < 26 {
            guard modes.count < GNS.Modes.capacity else { throw .invalidField(name) }
            modes.append(PositioningMode(rawValue: letter))
            position += 1
        }
        try close(at: position, name)
        return modes
    }
}
