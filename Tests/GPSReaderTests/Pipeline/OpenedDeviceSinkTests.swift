import GPSReader
import Testing

/// `OpenedDeviceSink`: a sink per device a run opens, made when the run names it.
@Suite("A sink for the device a run opens")
struct OpenedDeviceSinkTests {
    /// Remembers the events it heard and whether it was finished.
    final class Heard: ReceiverSink {
        let path: String
        var events: [String] = []
        var isFinished = false
        init(_ path: String) { self.path = path }
        func receive(_ event: ReceiverEvent) {
            switch event {
            case .opened(let path, _): events.append("opened \(path)")
            case .bytes(let bytes): events.append("\(bytes.count) bytes")
            case .unplugged: events.append("unplugged")
            default: events.append("other")
            }
        }
        func finish() { isFinished = true }
    }

    @Test("nothing before the first .opened; then that device's sink hears every event from it on")
    func madeAtOpened() {
        var made: [Heard] = []
        var sink = OpenedDeviceSink { path in
            let heard = Heard(path)
            made.append(heard)
            return heard
        }
        sink.receive(.bytes([1]))
        #expect(made.isEmpty && sink.devicePath == nil)
        sink.receive(.opened(path: "/dev/ttyACM0", baudRate: nil))
        sink.receive(.bytes([1, 2]))
        sink.receive(.unplugged(GPSReaderError.captureUnreadable(path: "/dev/ttyACM0")))
        sink.receive(.opened(path: "/dev/ttyACM0", baudRate: nil))
        sink.finish()
        #expect(made.map(\.path) == ["/dev/ttyACM0"], "the same device opened again keeps its sink")
        #expect(made[0].events == ["opened /dev/ttyACM0", "2 bytes", "unplugged", "opened /dev/ttyACM0"])
        #expect(made[0].isFinished)
    }

    @Test("another device opened: the first one's sink is finished, and a new one made for it")
    func anotherDevice() {
        var made: [Heard] = []
        var sink = OpenedDeviceSink { path in
            let heard = Heard(path)
            made.append(heard)
            return heard
        }
        sink.receive(.opened(path: "/dev/ttyACM0", baudRate: nil))
        sink.receive(.unplugged(GPSReaderError.captureUnreadable(path: "/dev/ttyACM0")))
        sink.receive(.opened(path: "/dev/ttyUSB0", baudRate: 4800))
        sink.receive(.bytes([1]))
        #expect(made.map(\.path) == ["/dev/ttyACM0", "/dev/ttyUSB0"])
        #expect(made[0].isFinished && made[0].events == ["opened /dev/ttyACM0", "unplugged"])
        #expect(!made[1].isFinished && made[1].events == ["opened /dev/ttyUSB0", "1 bytes"])
        #expect(sink.devicePath == "/dev/ttyUSB0")
    }

    @Test("a device for which no sink is made hears nothing, and the run goes on")
    func noneForADevice() {
        var sink = OpenedDeviceSink { _ in nil }
        sink.receive(.opened(path: "/dev/ttyACM0", baudRate: nil))
        sink.receive(.bytes([1]))
        #expect(sink.wantsMoreEvents && sink.devicePath == "/dev/ttyACM0")
    }
}
