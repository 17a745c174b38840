import FoundationEssentials
import Glibc
import GPSD
import GPSReader
import Locking
import POSIXSupport
import SerialPort
import TimeService

/// The receivers `gps serve` serves, each read by a pipeline run of its own (a
/// `DeviceConnection` into `ServedDevice.sinks`), all feeding one `GPSDServer`: one failing or
/// unplugged affects only its own run. Receivers are added and removed while it serves (the
/// control socket's `+PATH` and `-PATH`), from any thread.
final class ServedReceivers: Sendable {
    private let server: GPSDServer
    private let baudRate: SerialPort.BaudRate?
    private let timeSink: @Sendable (String) -> TimeSink?
    private let state = LockedState(State())

    private struct State {
        /// Each device's run, by the path it was added with.
        var runs: [String: Task<Void, Never>] = [:]
        /// The run of the receiver discovery finds, when no path was given or found.
        var discoveryRun: Task<Void, Never>?
        var isStopped = false
    }

    /// Why a device was not added.
    enum Refusal: Error {
        /// It is served already, by this path or another that names the same device (udev's
        /// `/dev/ttyACM0` for discovery's `/dev/serial/by-id/…` link): a device added twice is
        /// one device.
        case alreadyServed
        /// Nothing is there, or it is not a character device (a serial port, a pty).
        case notADevice
        /// The server is stopping.
        case stopped
    }

    /// Receivers for `server`, read at `baudRate` (`nil`: detected); `timeSink` makes the time
    /// sink of a device added by path, if it is a time source, in the device's run.
    init(server: GPSDServer, baudRate: SerialPort.BaudRate?, timeSink: @escaping @Sendable (String) -> TimeSink? = { _ in nil }) {
        self.server = server
        self.baudRate = baudRate
        self.timeSink = timeSink
    }

    /// The paths served, in the server's order.
    var paths: [String] { server.devices.map(\.path) }

    /// Starts reading the device at `path`, which need not be there yet (it is waited for).
    ///
    /// - Parameter mustExist: Refuse a path that is not a character device now (`+PATH` on the
    ///   control socket, as udev sends it once the device is there).
    func add(_ path: String, mustExist: Bool = false) throws(Refusal) {
        if mustExist, !Self.isCharacterDevice(path) { throw .notADevice }
        if let number = Self.deviceNumber(path), server.devices.contains(where: { Self.deviceNumber($0.path) == number }) {
            throw .alreadyServed
        }
        let baudRate = baudRate
        let server = server
        let timeSink = timeSink
        try state.withLock { state throws(Refusal) in
            guard !state.isStopped else { throw .stopped }
            guard state.runs[path] == nil else { throw .alreadyServed }
            // Listed by DEVICES from now on, before its run has opened it.
            server.add(GPSDDevice(path: path))
            state.runs[path] = Task(executorPreference: EventLoop.shared) {
                var sinks = ReceiverSinks(ServedDevice.sinks(for: path, server: server, time: timeSink(path)).sinks)
                await DeviceConnection(.path(path), baudRate: baudRate).run(into: &sinks)
            }
        }
    }

    /// Reads the receiver discovery finds, waiting for one to be plugged in; reports name the
    /// path it opens, and its time goes wherever `timeSink` says for that path (gpsd's default
    /// chrony socket for it, whenever one exists).
    func addDiscovered() {
        let baudRate = baudRate
        let server = server
        let timeSink = timeSink
        state.withLock { state in
            guard !state.isStopped, state.discoveryRun == nil else { return }
            state.discoveryRun = Task(executorPreference: EventLoop.shared) {
                let time = OpenedDeviceSink { path in timeSink(path) }
                var sinks = ReceiverSinks(ServedDevice.sinks(for: nil, server: server).sinks + [time])
                await DeviceConnection(.automatic, baudRate: baudRate).run(into: &sinks)
            }
        }
    }

    /// Stops reading the device at `path` (closing it) and serving it: watching clients get
    /// its deactivation notice. False when it is not served.
    func remove(_ path: String) -> Bool {
        guard let run = state.withLock({ $0.runs.removeValue(forKey: path) }) else { return false }
        run.cancel()
        server.remove(path)
        return true
    }

    /// Serves until the calling task is cancelled; then stops every run and returns once each
    /// device is closed.
    func serveUntilCancelled() async {
        let (cancelled, signal) = AsyncStream<Void>.makeStream()
        await withTaskCancellationHandler {
            for await _ in cancelled {}
        } onCancel: {
            signal.finish()
        }
        let runs = state.withLock { state in
            state.isStopped = true
            defer {
                state.runs = [:]
                state.discoveryRun = nil
            }
            return Array(state.runs.values) + (state.discoveryRun.map { [$0] } ?? [])
        }
        for run in runs { run.cancel() }
        for run in runs { await run.value }
    }

    /// Whether `path` names a character device now (following links).
    static func isCharacterDevice(_ path: String) -> Bool {
        deviceNumber(path) != nil
    }

    /// The device number of the character device `path` names now (following links), which
    /// every name of one device shares; `nil` when it names none.
    static func deviceNumber(_ path: String) -> dev_t? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFCHR else { return nil }
        return status.st_rdev
    }
}
