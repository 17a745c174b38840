import Glibc
import POSIXSupport

/// One argument as the program received it: bytes, which need not be UTF-8 (a file name such
/// as `bad\xff.nmea`). `CommandLine.arguments` would replace such bytes by U+FFFD and name
/// another file; these keep them.
public struct CommandLineArgument: Hashable, Sendable, CustomStringConvertible {
    /// The argument's bytes, without its terminating NUL.
    public let bytes: [UInt8]

    /// An argument of these bytes.
    public init(bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    /// An argument typed as `text`.
    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The argument as text, `nil` when its bytes are not UTF-8.
    public var text: String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// The argument for messages: each byte that is not UTF-8 written `\xFF`.
    public var description: String {
        FilePath(bytes: bytes).description
    }

    /// The process's arguments after the program's name, read from `argv` byte for byte.
    public static var processArguments: [CommandLineArgument] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { argument in
                CommandLineArgument(bytes: UnsafeBufferPointer(start: argument, count: strlen(argument)).lazy.map(UInt8.init(bitPattern:)))
            }
        }
    }
}
