import GPSReader

/// A sink of the receiver's pipeline that gives an `NTRIPClient` each epoch's fix, for the GGA
/// it sends its caster: join it to the run that reads the receiver the client feeds.
///
/// ```swift
/// await connection.run(into: NTRIPPositionSink(client))
/// ```
public struct NTRIPPositionSink: ReceiverSink {
    private let client: NTRIPClient

    /// A sink for `client`.
    public init(_ client: NTRIPClient) {
        self.client = client
    }

    /// Passes on an epoch's fix; the client keeps the last valid one.
    public mutating func receive(_ event: ReceiverEvent) {
        if case .epoch(let report) = event, let location = report.location { client.receiverFix(location) }
    }
}
