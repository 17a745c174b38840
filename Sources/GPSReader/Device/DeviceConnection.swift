import LocationTracking
import Locking
import POSIXSupport
import SerialPort

/// A receiver on a serial device as a `ReceiverSource`: it opens the device (the one discovery
/// finds for `.automatic`), answers access, hunts for the speed off the cooperative pool, reads
/// and decodes, and opens again after each failure and unplug, until the iterating task is
/// cancelled.
///
/// A refused open says `.access(.denied)` or `.access(.restricted)` and is tried again every
/// `recheckInterval`, as a missing device is. A path that can never be read (not a serial
/// device, or a console: `SerialPortError.isFinal`) ends the run with `.failed` instead, its
/// settings never touched. Each distinct failure is said once per outage,
/// compared by value. An epoch is said as soon as the assembler knows it is complete, and at
/// the latest `quietInterval` after the receiver's burst ends; `.quiet` comes only after a
/// burst that left an epoch held, so a receiver whose cycle is learned costs one wake-up per
/// epoch. Bytes that frame no sentence
/// say `.garbled` once per spell; a speed found by hunting is then hunted for again, and a
/// speed that was given is read on, since the receiver may be switched to it.
///
/// The device is closed when the run ends: the iterator released, or its task cancelled.
public struct DeviceConnection: ReceiverSource, ReopeningSource {
    /// Which device.
    public let selection: DeviceSelection
    /// The line speed; `nil` hunts for it on USB-serial bridges and uses 9600 where the speed
    /// means nothing (`/dev/ttyACM*`, pseudo-terminals).
    public let baudRate: SerialPort.BaudRate?
    /// The wait between attempts while the device is missing, refused or unplugged.
    public let recheckInterval: Duration
    /// Where messages to the receiver are sent while it is read; `nil`: nothing is ever written.
    public let link: ReceiverLink?
    let opener: DeviceOpener
    /// The speed that worked last, tried first by the next hunt; shared by every run.
    private let lastBaudRate = Remembered<SerialPort.BaudRate?>(nil)
    /// Whether the last attempt found no device at the path: one that appears before the wait
    /// for a change has begun watching is then tried at once, not a recheck interval later.
    private let wasMissing = Remembered(false)
    /// The device's opens, one at a time; a check while a run holds it opens nothing.
    private let holds = DeviceHolds()

    /// A connection; nothing is opened until its events are iterated.
    ///
    /// - Parameters:
    ///   - selection: A path, or the device discovery finds.
    ///   - baudRate: The speed, or `nil` to detect it.
    ///   - recheckInterval: The wait between attempts; 2 seconds by default.
    ///   - link: The link sends to the device go through, attached while it is open; `nil` (the
    ///     default): the device is only read.
    ///   - opener: How a device is opened; default `SerialPort(path:configuration:)`.
    public init(
        _ selection: DeviceSelection, baudRate: SerialPort.BaudRate? = nil,
        recheckInterval: Duration = .seconds(2), link: ReceiverLink? = nil,
        opener: @escaping DeviceOpener = { path, configuration throws(SerialPortError) in
            try SerialPort(path: path, configuration: configuration)
        }
    ) {
        self.selection = selection
        self.baudRate = baudRate
        self.recheckInterval = recheckInterval
        self.link = link
        self.opener = opener
    }

    /// The device's path, or what discovery would open now.
    public var name: String {
        switch selection {
        case .path(let path): path.description
        case .automatic: NMEALocationProvider.likelyReceiver()?.preferredPath ?? "the receiver's device"
        }
    }

    /// How long the line must stay silent after bytes for the receiver's burst to be over:
    /// far beyond any pause inside a burst (a character takes about 2 ms at 4800 baud) and
    /// shorter than the gap after a burst at 1 Hz.
    public static let quietInterval = Duration.milliseconds(500)

    /// Waits for the device on the event loop.
    public var waitsOnEventLoop: Bool { true }

    /// Waits until a device may have come, gone or changed its permissions (inotify on its
    /// path, its directory and `/dev`; `SerialPort.waitForDeviceChange`), or `interval`: a
    /// receiver plugged in, or access granted, is tried again at once.
    public func waitForChange(upTo interval: Duration) async -> Bool {
        let path: FilePath? = if case .path(let path) = selection { path } else { nil }
        return await SerialPort.waitForDeviceChange(at: path, upTo: interval, missingBefore: wasMissing.value)
    }

    /// Reading until cancelled.
    public func events() -> ReceiverEvents {
        let connection = self
        return ReceiverEvents { ReopeningReader(connection) }
    }

    /// `.notDetermined`: access is known once the device has been opened.
    public var initialAuthorization: AuthorizationStatus { .notDetermined }

    /// Opens and closes the device once: `.granted` when it opens or a run of this connection
    /// holds it, `.unavailable` when it is missing or held by another process
    /// (`SerialPortError.busy`).
    public func checkAccess() async -> AccessAnswer {
        let path: FilePath
        do throws(GPSReaderError) {
            path = try DeviceLocator(selection: selection, opener: opener).currentPath()
        } catch {
            return .unavailable(error)
        }
        do throws(SerialPortError) {
            try holds.check { () throws(SerialPortError) in try opener(path, SerialPort.Configuration()) }
            return .granted
        } catch {
            switch error {
            case .permissionDenied: return .denied
            case .notPermitted: return .restricted
            // At a speed the driver refuses: it is there; the reader deals with it.
            case .unsupportedBaudRate: return .granted
            // Busy: not readable until its holder lets go, checked again until then, so
            // nothing says the receiver is acquiring satellites meanwhile.
            default: return .unavailable(error)
            }
        }
    }

    /// Opens the device (hunting for its speed when needed); `nil` when it could not.
    package func open(_ events: inout EventOutbox, isolation actor: isolated (any Actor)?) async -> DeviceSession? {
        let path: FilePath
        do throws(GPSReaderError) {
            path = try DeviceLocator(selection: selection, opener: opener).currentPath()
        } catch {
            wasMissing.value = true
            events.fail(error)
            return nil
        }
        let hold: DeviceHold
        do throws(SerialPortError) {
            let configuration = SerialPort.Configuration(baudRate: baudRate ?? lastBaudRate.value ?? 9600)
            hold = try holds.open { () throws(SerialPortError) in try opener(path, configuration) }
            wasMissing.value = false
        } catch {
            wasMissing.value = if case .notFound = error { true } else { false }
            switch error {
            case .permissionDenied: events.say(access: .denied)
            case .notPermitted: events.say(access: .restricted)
            case _ where error.isFinal: events.end(with: error)
            default: events.fail(error)
            }
            return nil
        }
        // Every return below that is not a session lets the hold go, which closes the device.
        let port = hold.port
        events.say(access: .authorizedWhenInUse)
        let isHunted = baudRate == nil && port.hasMeaningfulBaudRate
        if isHunted {
            let hunt = await Self.detectBaudRate(of: port, lastKnown: lastBaudRate.value)
            // Stopped during the hunt: the device is closed, and nothing is told.
            guard !Task.isCancelled else { return nil }
            switch hunt {
            case .success(let rate?):
                lastBaudRate.value = rate
            case .success(nil):
                events.fail(GPSReaderError.noNMEA(path: port.path))
                return nil
            case .failure(let error):
                if case .disconnected = error {
                    events.endOutage()
                    events.say(.unplugged(error))
                } else {
                    events.fail(error)
                }
                return nil
            }
        }
        events.endOutage()
        events.say(.opened(path: port.path, baudRate: port.hasMeaningfulBaudRate ? port.configuration.baudRate.rawValue : nil))
        return DeviceSession(hold, isHunted: isHunted, link: link)
    }

    /// Reads one arrival into events.
    package func read(
        _ session: DeviceSession, _ events: inout EventOutbox, isolation actor: isolated (any Actor)?
    ) async -> LinkReading {
        do throws(SerialPortError) {
            guard let arrival = try await session.arrivals.next(isolation: actor) else { return .stop }
            switch arrival {
            case .quiet:
                session.stream.endEpoch { events.say(.epoch($0)) }
                events.say(.quiet)
            case .bytes(let chunk):
                let sentences = session.stream.say(chunk, arrivalTime: session.arrivals.lastArrivalTime) { events.say($0) }
                // The epoch was complete at its last sentence: no quiet line to wait for.
                if !session.stream.holdsEpoch { session.arrivals.waiveQuiet() }
                if session.garble.record(chunk.count, framedSentence: sentences > 0) {
                    let port = session.port
                    events.say(.garbled(.garbled(path: port.path, baudRate: port.configuration.baudRate)))
                    // A speed found by hunting is hunted for again; a given one is read on.
                    if session.isHunted {
                        events.endOutage()
                        return .reopen
                    }
                }
            }
            return .goOn
        } catch {
            if case .disconnected = error {
                events.endOutage()
                events.say(.unplugged(error))
            } else {
                events.fail(error)
            }
            return .reopen
        }
    }

    /// Hunts for the speed on a thread that may block for seconds, off the cooperative pool.
    private static func detectBaudRate(
        of port: SerialPort, lastKnown: SerialPort.BaudRate?
    ) async -> Result<SerialPort.BaudRate?, SerialPortError> {
        await runBlocking("GPSReader.baud-hunt") {
            Result { () throws(SerialPortError) in
                try port.detectBaudRate(lastKnown: lastKnown, validFrames: ReceiverFrameCounter.make)
            }
        }
    }
}

/// An open device being read: closed when the reader lets it go.
package final class DeviceSession {
    private let hold: DeviceHold
    var port: SerialPort { hold.port }
    let isHunted: Bool
    var arrivals: SerialPort.Arrivals.Iterator
    let stream = EpochStream()
    var garble = GarbleDetector()
    let link: ReceiverLink?

    init(_ hold: DeviceHold, isHunted: Bool, link: ReceiverLink?) {
        self.hold = hold
        self.isHunted = isHunted
        self.link = link
        arrivals = hold.port.arrivals(quietInterval: DeviceConnection.quietInterval).makeAsyncIterator()
        link?.attach(hold.port)
    }

    deinit {
        // The hold, released after this, closes the device.
        link?.detach(port)
    }
}

/// What a connection's runs learnt and share: the speed that worked last, whether the device
/// was there at the last attempt.
private final class Remembered<Value: Sendable>: Sendable {
    private let state: LockedState<Value>

    init(_ initial: Value) { state = LockedState(initial) }

    var value: Value {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}
