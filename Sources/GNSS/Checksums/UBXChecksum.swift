/// The 8-bit Fletcher checksum of a u-blox UBX frame: two running sums over the class, id,
/// length and payload (everything between the `B5 62` preamble and the checksum itself).
public struct UBXChecksum: Hashable, Sendable {
    @usableFromInline var first: UInt8 = 0
    @usableFromInline var second: UInt8 = 0

    /// The first sum: the bytes added, modulo 256.
    @inlinable public var a: UInt8 { first }
    /// The second sum: each running `a` added, modulo 256.
    @inlinable public var b: UInt8 { second }

    /// A checksum over no bytes.
    @inlinable
    public init() {}

    /// The checksum of `bytes`.
    @inlinable
    public init(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { add(byte) }
    }

    /// Adds one byte.
    @inlinable
    public mutating func add(_ byte: UInt8) {
        first &+= byte
        second &+= first
    }

    /// The checksum of `count` bytes from `start`.
    @inlinable
    public static func of(_ start: UnsafePointer<UInt8>, count: Int) -> UBXChecksum {
        var checksum = UBXChecksum()
        for index in 0..<count { checksum.add(start[index]) }
        return checksum
    }
}
