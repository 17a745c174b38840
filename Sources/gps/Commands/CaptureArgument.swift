import Glibc
import GPSReader
import POSIXSupport

/// A capture named on the command line, as the pipeline reads it, and its name for messages.
///
/// A path that is UTF-8 is handed on as it is. One that is not (`bad\xff.nmea`) has no
/// `String`, so it is opened here by its bytes and handed on as `/dev/fd/N`, as `/dev/stdin`
/// is: opening that opens the same file. The descriptor stays open until the process exits.
struct CaptureArgument {
    /// What the pipeline opens.
    let capture: Capture
    /// The path as messages show it, a byte that is not UTF-8 written `\xFF`.
    let name: String

    /// The capture at `path`, or `nil` after saying on standard error that it cannot be read
    /// ("gps: cannot read bad\xFF.nmea: …").
    init?(_ path: FilePath) {
        name = path.description
        guard path.withCString({ access($0, R_OK) }) == 0 else {
            printError("gps: \(GPSReaderError.captureUnreadable(path: name))")
            return nil
        }
        if let text = path.string {
            capture = .file(text)
            return
        }
        guard case .success(let descriptor) = Syscalls.retryingOnInterrupt({ Syscalls.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) })
        else {
            printError("gps: \(GPSReaderError.captureUnreadable(path: name))")
            return nil
        }
        capture = .file("/dev/fd/\(descriptor)")
    }
}
