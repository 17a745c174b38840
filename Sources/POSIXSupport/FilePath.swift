/// A path as Linux has it: bytes, any but NUL, which need not be UTF-8 (`bad\xff.nmea` is a
/// name a file can have). A `String` cannot hold such a name, so a path from `argv` stays one
/// of these until `open`.
public struct FilePath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path's bytes, without a terminating NUL.
    public let bytes: [UInt8]

    /// The path of these bytes.
    public init(bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    /// The path `string` names, as UTF-8.
    public init(_ string: String) {
        bytes = Array(string.utf8)
    }

    /// The path a string literal names.
    public init(stringLiteral string: String) {
        self.init(string)
    }

    /// The path as text, when its bytes are UTF-8; `nil` when they are not.
    public var string: String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// The path for messages: UTF-8 as it is, each byte that is not UTF-8 as `\xFF`.
    public var description: String {
        var text = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] {
                    text += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
                offset += length
            case .emptyInput:
                return text
            }
        }
    }

    /// The last component, after the last `/` (the whole path when it has none).
    public var lastComponent: FilePath {
        FilePath(bytes: bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).last ?? bytes[...])
    }

    /// Calls `body` with the path as a NUL-terminated C string, as `open` takes it.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }
}
