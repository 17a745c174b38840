import LocationTracking

/// A `LocationProvider` with a name of its own over one source of the pipeline: it reads
/// through an `NMEALocationProvider` (its `reader`) and is the provider its delegate is told of.
/// `MQTTLocationProvider` (in `Fleet`) and `GPSDLocationProvider` (in `GPSD`) are two; each
/// makes its reader report as itself.
///
/// The requirements of `LocationProvider` are the reader's, below.
public protocol PipelineLocationProvider: LocationProvider {
    /// The pipeline's provider that reads the source.
    var reader: NMEALocationProvider { get }
}

extension PipelineLocationProvider {
    /// The reader's authorization; reading it never blocks or opens anything.
    public var authorizationStatus: AuthorizationStatus { reader.authorizationStatus }

    /// The receiver of fixes, authorization changes and errors; held weakly.
    public var delegate: (any LocationProviderDelegate)? {
        get { reader.delegate }
        set { reader.delegate = newValue }
    }

    /// Checks access to the source (once now, then every `recheckInterval` until it is granted)
    /// and reports the answer through the delegate.
    public func requestWhenInUseAuthorization() { reader.requestWhenInUseAuthorization() }

    /// Starts reading the source, reporting a fix per epoch.
    public func startUpdatingLocation() { reader.startUpdatingLocation() }

    /// Stops reading; calling it when not reading does nothing.
    public func stopUpdatingLocation() { reader.stopUpdatingLocation() }

    /// Stops reading and the access checks, and returns once both have ended, as
    /// `NMEALocationProvider.shutDown()`.
    public func shutDown() async { await reader.shutDown() }

    /// The reader's source: a gpsd, a broker's topic, a device or a capture.
    public var receiver: any ReceiverSource { reader.receiver }

    /// How long the reader waits between access checks while access is denied or the source is missing.
    public var recheckInterval: Duration { reader.recheckInterval }

    /// Waits until the reader's run has ended and returns its summary, as
    /// `NMEALocationProvider.readingEnded()`.
    public func readingEnded() async -> ReadingSummary { await reader.readingEnded() }
}
