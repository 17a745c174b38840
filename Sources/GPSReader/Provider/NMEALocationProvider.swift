import Locking
import POSIXSupport
import LocationTracking
import SerialPort

/// A `LocationProvider` over any source of the pipeline (`ReceiverSource`): a GPS receiver on
/// a serial device (`DeviceConnection`), a capture (`CaptureReplay`) or a running gpsd
/// (`GPSDSource`, through `GPSDLocationProvider`), reporting one `Location` per epoch (see
/// `FixAssembler`).
///
/// A device's epoch is reported as soon as the assembler knows it is complete, and at the
/// latest half a second after the receiver's burst of sentences ends: the last fix before a
/// silence is delivered while it is current, never when the receiver talks again.
///
/// On Linux, authorization means device access. `requestWhenInUseAuthorization()` tries to
/// open the device: `EACCES` is `.denied` (join the dialout group or install the udev rules),
/// `EPERM` is `.restricted`, success is `.authorizedWhenInUse`. While denied or restricted it
/// tries again every `recheckInterval` and reports the change, so the tracking flow recovers
/// on its own. A missing device is not an answer: it is reported through
/// `locationProvider(_:didFailWithError:)` and the provider waits for it to appear; a path that
/// is not a serial device, or is a console (`SerialPortError.isFinal`), is reported the same
/// way once, and never tried again. An unplug
/// while reading is reported as `SerialPortError.disconnected`, and reading resumes when the
/// device comes back. Bytes that frame no sentence at the port's speed are reported as
/// `GPSReaderError.garbled`, once per spell; a speed it detected is then hunted for again.
/// Each distinct failure is reported once until something else happens.
///
/// Reading happens off the main actor, on a task of its own: a device's or a gpsd's on the
/// event loop's thread, a capture's on the pool; delegate callbacks come from that thread, and
/// access answers from the pool's. A capture needs no device access: its status is
/// `.authorizedWhenInUse`.
///
/// ```swift
/// let gps = NMEALocationProvider(source: .device(.automatic))
/// let manager = AppLocationManager(provider: gps, screen: screen, trackingMode: .continuous)
/// ```
public final class NMEALocationProvider: LocationProvider {
    /// Where the NMEA comes from: a `DeviceConnection`, a `CaptureReplay`, a gpsd.
    public let receiver: any ReceiverSource

    /// How long to wait between access checks while access is denied or the device is missing.
    public let recheckInterval: Duration

    /// How long the line must stay silent after bytes for the receiver's burst to be over
    /// (`DeviceConnection.quietInterval`).
    public static var quietInterval: Duration { DeviceConnection.quietInterval }

    let state: LockedState<State>

    struct State {
        var status: AuthorizationStatus
        weak var delegate: (any LocationProviderDelegate)?
        /// The provider the delegate is told of, when not this one (`PipelineLocationProvider`).
        weak var reportedAs: (any LocationProvider)?
        var accessTask: Task<Void, Never>?
        var readTask: Task<Void, Never>?
        /// The last run's task, kept after a stop: `shutDown()` waits for it to close the device.
        var lastReadTask: Task<Void, Never>?
        /// Counts runs of reading, so that a stopped run finishing late touches nothing of the next.
        var run = 0
        var replay = ReplayProgress()
    }

    /// Creates a provider; nothing is opened until `requestWhenInUseAuthorization()` or
    /// `startUpdatingLocation()`.
    ///
    /// - Parameters:
    ///   - source: A device or a capture.
    ///   - recheckInterval: The wait between attempts while access is denied or restricted
    ///     and while the device is missing or unplugged; 2 seconds by default.
    ///   - opener: How a device is opened; default `SerialPort(path:configuration:)`.
    public convenience init(
        source: Source,
        recheckInterval: Duration = .seconds(2),
        opener: @escaping GPSReader.DeviceOpener = { path, configuration throws(SerialPortError) in
            try SerialPort(path: path, configuration: configuration)
        }
    ) {
        switch source {
        case .device(let selection, let baudRate):
            self.init(
                receiver: DeviceConnection(selection, baudRate: baudRate, recheckInterval: recheckInterval, opener: opener),
                recheckInterval: recheckInterval)
        case .capture(let capture, let pace):
            self.init(receiver: CaptureReplay(capture, pace: pace), recheckInterval: recheckInterval)
        }
    }

    /// Creates a provider reading `receiver`; nothing is opened until
    /// `requestWhenInUseAuthorization()` or `startUpdatingLocation()`.
    ///
    /// - Parameters:
    ///   - receiver: The source of the NMEA.
    ///   - recheckInterval: The wait between access checks while access is denied or the
    ///     source is missing; 2 seconds by default.
    public init(receiver: any ReceiverSource, recheckInterval: Duration = .seconds(2)) {
        self.receiver = receiver
        self.recheckInterval = recheckInterval
        state = LockedState(State(status: receiver.initialAuthorization))
    }

    deinit {
        state.withLock { state in
            state.accessTask?.cancel()
            state.readTask?.cancel()
        }
    }

    /// The current authorization; reading it never blocks or opens anything.
    public var authorizationStatus: AuthorizationStatus {
        state.withLock { $0.status }
    }

    /// The receiver of fixes, authorization changes and errors; held weakly.
    public var delegate: (any LocationProviderDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// Tries to open the device (once now, then every `recheckInterval` until access is
    /// granted) and reports the answer through the delegate; for a capture, reports
    /// `.authorizedWhenInUse`. Does nothing while a check is already running.
    public func requestWhenInUseAuthorization() {
        guard receiver.initialAuthorization == .notDetermined else {
            reportStatus(.authorizedWhenInUse)
            return
        }
        startAccessChecks()
    }

    /// Starts reading: opens the device (waiting for it if missing) or starts the replay, and
    /// reports a fix per epoch. Does nothing while already reading.
    public func startUpdatingLocation() {
        state.withLock { state in
            guard state.readTask == nil else { return }
            state.replay.restart()
            state.run += 1
            let run = state.run
            // A device's or a socket's reading on the event loop's thread, where bytes that
            // arrive resume it; a capture's on the pool.
            let executor: any TaskExecutor = receiver.waitsOnEventLoop ? EventLoop.shared : globalConcurrentExecutor
            state.readTask = Task(executorPreference: executor) { [self] in
                await read()
                finishReading(run)
            }
            state.lastReadTask = state.readTask
        }
    }

    /// Stops reading and closes the device; calling it when not reading does nothing.
    public func stopUpdatingLocation() {
        let task = state.withLock { state in
            defer { state.readTask = nil }
            return state.readTask
        }
        task?.cancel()
    }

    /// Stops reading and the access checks, and returns once both have ended: the device is
    /// closed, its settings restored and its exclusive access released. A program calls it
    /// before it exits: `TIOCEXCL` and the settings outlive a process that exits with the
    /// device open while another process holds the terminal (a simulator its pseudo-terminal),
    /// and every later open by a user other than root then fails with `EBUSY`. Returns at once
    /// when nothing runs; updates may be started again afterwards.
    public func shutDown() async {
        let (reading, checking) = state.withLock { state in
            defer {
                state.readTask = nil
                state.accessTask = nil
            }
            return (state.lastReadTask, state.accessTask)
        }
        reading?.cancel()
        checking?.cancel()
        await reading?.value
        await checking?.value
    }

    /// Reads the source until its run ends or updates stop, through the pipeline's one loop
    /// (`run(into:)`) into a `ProviderSink`. A refusal of access ends reading and starts the
    /// access checks, as the tracking flow stops updates while refused.
    private func read() async {
        var sink = ProviderSink(self)
        await receiver.run(into: &sink, isolation: nil)
        if sink.isRefused { startAccessChecks() }
    }

    // MARK: Reporting

    /// Makes `provider` the one the delegate is told of: a `PipelineLocationProvider` that reads
    /// through this one. Held weakly.
    package func report(as provider: any LocationProvider) {
        state.withLock { $0.reportedAs = provider }
    }

    /// The provider the delegate is told of.
    private var reporter: any LocationProvider {
        state.withLock { $0.reportedAs } ?? self
    }

    func reportStatus(_ status: AuthorizationStatus) {
        let delegate: (any LocationProviderDelegate)? = state.withLock { state in
            guard state.status != status else { return nil }
            state.status = status
            return state.delegate
        }
        delegate?.locationProvider(reporter, didChangeAuthorization: status)
    }

    func report(_ error: any Error) {
        state.withLock { $0.delegate }?.locationProvider(reporter, didFailWithError: error)
    }

    /// Reports an epoch: its satellites, then its fix.
    func report(_ epoch: EpochReport) {
        let (delegate, reportedAs) = state.withLock { state in
            if let location = epoch.location { state.replay.record(location) }
            return (state.delegate, state.reportedAs)
        }
        guard let delegate else { return }
        let reporter = reportedAs ?? self
        if let satellites = epoch.satellites { delegate.locationProvider(reporter, didUpdateSatellites: satellites) }
        if let location = epoch.location { delegate.locationProvider(reporter, didUpdateLocations: [location]) }
    }

    private func finishReading(_ run: Int) {
        let (waiters, summary) = state.withLock { state in
            // After a stop and a restart, the state belongs to the new run.
            guard state.run == run else { return ([CheckedContinuation<ReadingSummary, Never>](), ReadingSummary()) }
            state.readTask = nil
            return (state.replay.finish(), state.replay.summary)
        }
        for waiter in waiters { waiter.resume(returning: summary) }
    }
}
