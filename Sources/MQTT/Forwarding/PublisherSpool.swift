import POSIXSupport

/// Where a `StoreAndForwardPublisher` keeps its queue on disk, and whose messages it sends from
/// there after a restart.
///
/// The directory must belong to the user the program runs as and be writable by nobody else
/// (as ssh asks of `~/.ssh`): what is in it is published with this program's credentials.
/// It holds one topic's queue: a file for another topic (a run for another topic that shares
/// the directory, or a file planted there) is left alone and said (`PublisherEvent.leftInSpool`),
/// never published.
public struct PublisherSpool: Hashable, Sendable {
    /// The directory, created (mode 0700) when missing: bytes that need not be UTF-8.
    public var directory: FilePath
    /// The topic whose spooled messages are sent again.
    public var topic: String

    /// A spool in `directory` for `topic`'s messages.
    public init(directory: FilePath, topic: String) {
        self.directory = directory
        self.topic = topic
    }

    /// A spool in `directory`, named as text, for `topic`'s messages.
    public init(directory: String, topic: String) {
        self.init(directory: FilePath(directory), topic: topic)
    }
}
