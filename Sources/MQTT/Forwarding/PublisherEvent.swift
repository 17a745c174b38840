/// What a `StoreAndForwardPublisher` tells its owner, for a log or a status line.
public enum PublisherEvent: Sendable, Equatable {
    /// Connected (again); `queued` messages wait to be sent, oldest first.
    case connected(BrokerAddress, queued: Int)
    /// The broker cannot be reached or refused: said once per outage (a refusal that is not
    /// transient, such as bad credentials, is news in any case), with what to do in the error's
    /// description. Messages queue meanwhile.
    case outage(MQTTError)
    /// The queue was full and dropped its oldest message: said at the first drop of an
    /// outage; `PublisherStatistics.dropped` counts them all.
    case dropping(capacity: Int)
    /// The spool held more than `capacity` messages at start (an earlier run with a larger
    /// capacity): the oldest `dropped` were dropped and their files removed. Said once, first.
    case droppedFromSpool(dropped: Int, capacity: Int)
    /// The spool held `count` of its own files at start that were damaged (cut off by a crash of
    /// the machine), of an older format or larger than any message: they were deleted, unsent.
    /// Said once, first.
    case rejectedFromSpool(directory: String, count: Int)
    /// The spool held entries at start that it did not write (other names, directories, links)
    /// or that are messages for another topic: they were left where they are, unread or unsent,
    /// and are said again at every start while they stay. Said once, first.
    case leftInSpool(directory: String, entries: [SpoolLeftover])
    /// The spool could not store a message (a full disk): it is kept in memory only. Said once.
    case spoolFailing(directory: String)
}
