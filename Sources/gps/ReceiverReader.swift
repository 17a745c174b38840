import Foundation
import GPSReader
import SerialPort

/// Reads a receiver's bytes for `gps serve` and `gps read --json`: opens the device (the one
/// discovery finds when none is named), detects its speed unless given, and hands every chunk
/// on, and word of each quiet line after one (`NMEALocationProvider.quietInterval`); when the device is missing, busy or unplugged it says so once on standard error and
/// tries again every 2 s, until Ctrl-C.
struct ReceiverReader {
    let device: String?
    let baudRate: Int?

    /// The path named in reports: the device given, or the one discovery would open now.
    var path: String {
        device ?? NMEALocationProvider.likelyReceiver()?.preferredPath ?? "/dev/gps"
    }

    /// Reads forever; `chunk` receives bytes as they come, `quiet` is called once each time the
    /// line falls silent after bytes (the receiver's burst is over: end the epoch), `opened`
    /// receives the path each time the device is (re)opened.
    func run(opened: (String) -> Void = { _ in }, chunk: ([UInt8]) -> Void, quiet: () -> Void) async -> Never {
        var lastProblem: String?
        while true {
            do throws(SerialPortError) {
                let path = device ?? NMEALocationProvider.likelyReceiver()?.preferredPath
                guard let path else { throw .notFound(path: "a GPS receiver", errno: ENODEV) }
                let port = try open(path)
                defer { port.close() }
                lastProblem = nil
                opened(path)
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
            }
            try? await Task.sleep(for: .seconds(2))
        }
    }

    private func open(_ path: String) throws(SerialPortError) -> SerialPort {
        let port = try SerialPort(path: path, configuration: SerialPort.Configuration(baudRate: SerialPort.BaudRate(rawValue: baudRate ?? 9600)))
        if baudRate == nil, port.hasMeaningfulBaudRate {
            _ = try port.detectBaudRate(lastKnown: nil, isValidSentence: NMEALineValidator.isValidSentence)
        }
        return port
    }
}
