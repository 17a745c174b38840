import POSIXSupport

/// An entry of the spool directory that the spool leaves where it is: not one of its own files,
/// or one of another topic's.
public struct SpoolLeftover: Hashable, Sendable, CustomStringConvertible {
    /// What the entry is, and so why it was left alone.
    public enum Kind: Hashable, Sendable {
        /// A file whose name the spool does not write (its names are 20 digits and `.mqtt`).
        case notASpoolName
        /// A directory.
        case directory
        /// A symbolic link: never followed.
        case symbolicLink
        /// A device, a FIFO or a socket.
        case special
        /// A message of the spool's format for another topic than the publisher's.
        case otherTopic(String)
        /// One of the spool's own files, damaged, that could not be removed (`unlink`'s errno).
        case cannotRemove(errno: CInt)
    }

    /// The entry's name in the spool directory.
    public var name: String
    /// What it is.
    public var kind: Kind

    /// An entry left alone.
    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// "100.mqtt (not a spool file name)", "00000000000000000007.mqtt (a message for fleet/x)".
    public var description: String {
        let what = switch kind {
        case .notASpoolName: "not a spool file name"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .special: "a device, FIFO or socket"
        case .otherTopic(let topic): "a message for \(topic)"
        case .cannotRemove(let errno): "damaged, and could not be removed: \(Errno(errno))"
        }
        return "\(name) (\(what))"
    }
}
