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
    /// The paths given at the start whose runs ended for good (not a serial device, a console):
    /// each ends the serving.
    private let endedForGood = AsyncStream<String>.makeStream()

    private struct State {
        /// Each device's run, by the path it was added with.
        var runs: [String: Task<Void, Never>] = [:]
        /// The run of the receiver discovery finds, when no path was given or found.
        var discoveryRun: Task<Void, Never>?
        /// The device node each served path names (links resolved), by the path served: a
        /// removal by another name (udev's `/dev/ttyACM0` for a `/dev/serial/by-id/…` link)
        /// finds it after the node is gone.
        var nodes: [String: String] = [:]
        var isStopped = false
    }

    /// Why a device was not added.
    enum Refusal: Error, CustomStringConvertible {
        /// It is served already, by this path or another that names the same device (udev's
        /// `/dev/ttyACM0` for discovery's `/dev/serial/by-id/…` link): a device added twice is
        /// one device.
        case alreadyServed
        /// Nothing is there, it is not a serial device (`/dev/null`, a directory), or it is a
        /// console (`SerialPort.checkDevice(at:)`).
        case unusable(SerialPortError)
        /// The server is stopping.
        case stopped

        /// Why, in a sentence.
        var description: String {
            switch self {
            case .alreadyServed: "it is served already (by this name or another of the same device)"
            case .unusable(let error): "\(error)"
            case .stopped: "the server is stopping"
            }
        }
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

    /// Starts reading the device at `path` (bytes that need not be UTF-8; served, listed and
    /// said by `FilePath.description`), which need not be there yet (it is waited for). A
    /// path that turns out never to be readable (not a serial device, a console) ends the
    /// serving (`serveUntilCancelled()` returns true).
    ///
    /// - Parameter isControlled: Added through the control socket (`+PATH`, as udev sends it once
    ///   the device is there): refuse a path that is not a serial device now, and stop serving
    ///   it alone should it never be readable.
    func add(_ file: FilePath, isControlled: Bool = false) throws(Refusal) {
        if isControlled {
            do throws(SerialPortError) {
                try SerialPort.checkDevice(at: file)
            } catch {
                throw .unusable(error)
            }
        }
        let path = file.description
        let number = Self.deviceNumber(file)
        let baudRate = baudRate
        let server = server
        let timeSink = timeSink
        try state.withLock { state throws(Refusal) in
            guard !state.isStopped else { throw .stopped }
            guard state.runs[path] == nil else { throw .alreadyServed }
            if let number, server.devices.contains(where: { Self.deviceNumber(FilePath($0.path)) == number }) { throw .alreadyServed }
            state.nodes[path] = Self.deviceNode(file)
            // Listed by DEVICES from now on, before its run has opened it.
            server.add(GPSDDevice(path: path))
            state.runs[path] = Task(executorPreference: EventLoop.shared) { [self] in
                let (served, problems) = ServedDevice.sinks(for: path, server: server, time: timeSink(path))
                var sinks = ReceiverSinks(served)
                await DeviceConnection(.path(file), baudRate: baudRate, link: CorrectionFeed.current?.link).run(into: &sinks)
                guard problems.hasFailedForGood else { return }
                if isControlled { _ = remove(path) } else { endedForGood.continuation.yield(path) }
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
            state.discoveryRun = Task(executorPreference: EventLoop.shared) { [self] in
                let time = OpenedDeviceSink { path in timeSink(path) }
                var opened: String?
                let node = OpenedNodes { path in
                    self.state.withLock { state in
                        if let opened, opened != path { state.nodes[opened] = nil }
                        state.nodes[path] = Self.deviceNode(FilePath(path))
                    }
                    opened = path
                }
                var sinks = ReceiverSinks(ServedDevice.sinks(for: nil, server: server).sinks + [time, node])
                await DeviceConnection(.automatic, baudRate: baudRate, link: CorrectionFeed.current?.link).run(into: &sinks)
            }
        }
    }

    /// Stops reading the device at `path` (closing it) and serving it: watching clients get
    /// its deactivation notice. `path` may be another name of a served device, as udev's
    /// `gpsdctl remove $devnode` names it once the node is gone. The receiver discovery found
    /// leaves DEVICES, and its run goes on waiting for a receiver, listed again when it opens
    /// one. False when no device by that name is served.
    func remove(_ path: String) -> Bool {
        let node = Self.deviceNode(FilePath(path)) ?? path
        let removal = state.withLock { state -> (served: String, run: Task<Void, Never>?)? in
            guard let served = state.runs[path] != nil ? path : state.nodes.first(where: { $0.value == node })?.key
            else { return nil }
            state.nodes[served] = nil
            return (served, state.runs.removeValue(forKey: served))
        }
        guard let removal else { return false }
        removal.run?.cancel()
        return server.remove(removal.served) || removal.run != nil
    }

    /// Serves until the calling task is cancelled, or a device given at the start turns out
    /// never to be readable; then stops every run and returns once each device is closed.
    ///
    /// - Returns: Whether a device given at the start ended it.
    func serveUntilCancelled() async -> Bool {
        let endedForGood = endedForGood
        let hasFailed = await withTaskCancellationHandler {
            for await _ in endedForGood.stream { return true }
            return false
        } onCancel: {
            endedForGood.continuation.finish()
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
        return hasFailed
    }

    /// The device node `path` names now, its links resolved (`/dev/ttyACM0` for
    /// `/dev/serial/by-id/usb-…`); `nil` when nothing is there.
    static func deviceNode(_ path: FilePath) -> String? {
        (try? Syscalls.realpath(path).get())?.description
    }

    /// The device number of the character device `path` names now (following links), which
    /// every name of one device shares; `nil` when it names none.
    static func deviceNumber(_ path: FilePath) -> dev_t? {
        guard case .success(let status) = Syscalls.stat(path), status.st_mode & S_IFMT == S_IFCHR else { return nil }
        return status.st_rdev
    }
}
