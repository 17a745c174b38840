import GPSReader
import NMEA
import Locking
import NTRIP
import SerialPort
import Testing
import TestSupport

/// A simulated receiver on a pseudo-terminal, read by a `DeviceConnection` with a link, as an
/// app reads its receiver: what the NTRIP client writes through the link is what `collect`
/// reads from the receiver's side.
final class ReceiverUnderTest: Sendable {
    let receiver: VirtualReceiver
    let link = ReceiverLink()
    private let task: Task<Void, Never>
    private let opened = Flag()
    private let written = LockedState<[UInt8]>([])

    /// Whether the device was opened, set by the reading task.
    private final class Flag: Sendable {
        let state = LockedState(false)
    }

    init() throws {
        receiver = try VirtualReceiver()
        let connection = DeviceConnection(.path(receiver.devicePath), link: link)
        let opened = opened
        task = Task {
            for await event in connection.events() {
                if case .opened = event { opened.state.withLock { $0 = true } }
            }
        }
    }

    deinit {
        task.cancel()
    }

    /// Waits until the device is open and the link attached.
    @MainActor
    func waitUntilOpen() async {
        await eventually("the receiver's device is opened") { self.opened.state.withLock { $0 } }
    }

    /// Reads what was written to the receiver until `condition` holds for all of it, or 30 s of
    /// reads found nothing new; returns all of it. The reads block, on a thread of their own,
    /// never the pool's, where the client runs.
    func collect(until condition: @escaping @Sendable ([UInt8]) -> Bool) async throws -> [UInt8] {
        let receiver = receiver
        let start = written.withLock { $0 }
        let all = try await onOwnThread { Result { () throws -> [UInt8] in
            var buffer = [UInt8](repeating: 0, count: 8192)
            var idleReads = 0
            var all = start
            while !condition(all), idleReads < 300 {
                let count = try buffer.withUnsafeMutableBytes { try receiver.read(into: $0, timeout: .milliseconds(100)) }
                idleReads = count == 0 ? idleReads + 1 : 0
                all += buffer[..<count]
            }
            return all
        } }.get()
        written.withLock { $0 = all }
        return all
    }

    /// The RTCM 3 frames in `bytes` (CRC-valid), and how many bytes were not part of one.
    static func frames(in bytes: [UInt8]) -> (frames: [[UInt8]], otherBytes: Int) {
        var framer = NMEAFramer()
        var frames: [[UInt8]] = []
        bytes.withUnsafeBytes { chunk in
            framer.append(chunk, sentences: { _ in }, binary: { frame in
                if frame.frameProtocol == .rtcm3 { frames.append(Array(frame.bytes)) }
            })
        }
        return (frames, bytes.count - frames.reduce(0) { $0 + $1.count })
    }
}
