import Foundation
import GPSReader
import SerialPort

/// Reads a receiver's bytes for `gps serve` and `gps read --json`: opens the device (the one
/// discovery finds when none is named), detects its speed unless given, and hands every chunk
/// on, and word of each quiet line after one (`NMEALocationProvider.quietInterval`); when the
/// device is missing, busy or unplugged it says so once on standard error and tries again
/// every 2 s, until its task is cancelled (Ctrl-C).
struct ReceiverReader {
    let device: String?
    let baudRate: Int?
    /// Whether a device whose access is denied (`EACCES`) or restricted (`EPERM`) is waited
    /// for, as any other problem is; otherwise the remedy is printed and reading ends.
    var waitsForAccess = true

    /// The path named in reports: the device given, or the one discovery would open now.
    var path: String {
        device ?? NMEALocationProvider.likelyReceiver()?.preferredPath ?? "/dev/gps"
    }

    /// Reads until the task is cancelled; `chunk` receives bytes as they come, `quiet` is
    /// called once each time the line falls silent after bytes (the receiver's burst is over:
    /// end the epoch), `opened` receives the path each time the device is (re)opened.
    ///
    /// - Returns: Once the device is closed, `.success` when cancelled, or `.accessBlocked`
    ///   when access is refused and not `waitsForAccess`.
    func run(opened: (String) -> Void = { _ in }, chunk: ([UInt8]) -> Void, quiet: () -> Void) async -> CommandExit.Status {
        var lastProblem: String?
        while !Task.isCancelled {
            do throws(SerialPortError) {
                let path = device ?? NMEALocationProvider.likelyReceiver()?.preferredPath
                guard let path else { throw .notFound(path: "a GPS receiver", errno: ENODEV) }
                let port = try open(path)
                defer { port.close() }
                lastProblem = nil
                opened(path)
                // Ends when the task is cancelled.
                for try await arrival in port.arrivals(quietInterval: NMEALocationProvider.quietInterval) {
                    switch arrival {
                    case .bytes(let bytes): chunk(bytes)
                    case .quiet: quiet()
                    }
                }
            } catch {
                let problem = "gps: \(error)"
                if problem != lastProblem {
                    printError(problem)
                    if case .busy(let path, _) = error, let hint = DeviceHolder.hint(for: path) { printError(hint) }
                }
                lastProblem = problem
                if !waitsForAccess, error.refusesAccess { return .accessBlocked }
            }
            try? await Task.sleep(for: .seconds(2))
        }
        return .success
    }

    private func open(_ path: String) throws(SerialPortError) -> SerialPort {
        let port = try SerialPort(path: path, configuration: SerialPort.Configuration(baudRate: SerialPort.BaudRate(rawValue: baudRate ?? 9600)))
        if baudRate == nil, port.hasMeaningfulBaudRate {
            _ = try port.detectBaudRate(lastKnown: nil, isValidSentence: NMEALineValidator.isValidSentence)
        }
        return port
    }
}

private extension SerialPortError {
    /// Access is denied (`EACCES`) or restricted (`EPERM`): only the user can change that.
    var refusesAccess: Bool {
        switch self {
        case .permissionDenied, .notPermitted: true
        default: false
        }
    }
}
