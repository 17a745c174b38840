import Foundation
import GPSReader
import LocationTracking
import SerialPort
import Testing
import TestSupport

/// `DeviceConnection`: a receiver on a real pseudo-terminal, through the pipeline's events.
@Suite("Device connection")
struct DeviceConnectionTests {
    private static let fix = sentence("GPGGA,100000.00,4807.0380,N,01134.5312,E,1,09,1.0,519.4,M,47.0,M,,")
        + sentence("GPRMC,100000.00,A,4807.0380,N,01134.5312,E,0.0,0.0,010625,,,A")

    @Test("garbage first: opened, then garbled once with the remedy, then the fix once NMEA comes")
    func garbledThenNMEA() async throws {
        let receiver = try VirtualReceiver()
        let connection = DeviceConnection(.path(receiver.devicePath), recheckInterval: .milliseconds(50))
        var iterator = connection.events().makeAsyncIterator()
        var seen: [String] = []
        var garbled: GPSReaderError?
        var fix: Location?
        let garbage = [UInt8](repeating: 0xA5, count: 3000)
        while fix == nil, let event = await iterator.next() {
            switch event {
            case .access(let status): seen.append("access \(status)")
            case .opened:
                seen.append("opened")
                try receiver.send(garbage)
            case .garbled(let error):
                seen.append("garbled")
                garbled = error
                try receiver.send(Array(Self.fix.utf8))
            case .epoch(let epoch): fix = epoch.location
            default: continue
            }
        }
        #expect(seen == ["access authorizedWhenInUse", "opened", "garbled"])
        #expect(garbled?.description.contains("Try `gps read") == true)
        #expect(fix?.isValidFix == true)
    }

    @Test("a missing device is one failure, said once however often it is tried, then opened when it appears")
    func missingThenPresent() async throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("gps-missing-\(getpid())").path
        let connection = DeviceConnection(.path(link), recheckInterval: .milliseconds(20))
        var iterator = connection.events().makeAsyncIterator()
        guard case .failed(let error as SerialPortError)? = await iterator.next() else { Issue.record("no failure"); return }
        #expect(error == .notFound(path: link, errno: ENOENT))
        // Several attempts pass in silence; then the device appears. The time is what is under
        // test: five recheck intervals, each an attempt that must say nothing.
        try await Task.sleep(for: .milliseconds(100))
        let receiver = try VirtualReceiver(linkPath: link)
        var next = await iterator.next()
        if case .access = next { next = await iterator.next() }
        guard case .opened(let path, _)? = next else { Issue.record("then \(next as Any)"); return }
        #expect(path == link)
        _ = receiver
    }

    @Test("a path that can never be a receiver (/dev/null, a directory) is one failure, then the run ends: never tried again",
          arguments: ["/dev/null", NSTemporaryDirectory()])
    func notASerialDeviceEndsTheRun(path: String) async throws {
        let connection = DeviceConnection(.path(path), recheckInterval: .milliseconds(20))
        // Retried, the run would never end: a guard cancels it, and the answer says so.
        let endedByItself = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                var iterator = connection.events().makeAsyncIterator()
                guard case .failed(let error as SerialPortError)? = await iterator.next() else {
                    Issue.record("no failure")
                    return false
                }
                #expect(error.isFinal && error.path == path, "\(error)")
                if let next = await iterator.next() { Issue.record("then \(next)") }
                return !Task.isCancelled
            }
            group.addTask {
                // A guard, not a wait: the run ends by itself at once when the code is right.
                try? await Task.sleep(for: .seconds(30))
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        #expect(endedByItself)
    }

    @Test("a device plugged in is opened as soon as it appears, not a recheck interval later")
    func pluggedInIsOpenedAtOnce() async throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("gps-plug-\(getpid())").path
        // A minute between attempts: only the change itself can wake the reader in time.
        let connection = DeviceConnection(.path(link), recheckInterval: .seconds(60))
        let failed = WatchedState(false)
        let opened = Task {
            var iterator = connection.events().makeAsyncIterator()
            while let event = await iterator.next() {
                if case .failed = event { failed.update { $0 = true } }
                if case .opened = event { return true }
            }
            return false
        }
        #expect(await failed.wait(until: { $0 }, deadline: .now + .seconds(30)), "the first attempt failed: no device")
        let started = ContinuousClock.now
        let receiver = try VirtualReceiver(linkPath: link)
        await expectOpenedAtOnce(opened, since: started)
        _ = receiver
    }

    @Test("a device that appears between a failed attempt and the wait for a change is opened at once, not a recheck interval later")
    func appearsBeforeTheWatchIsOpenedAtOnce() async throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("gps-window-\(getpid())").path
        let connection = DeviceConnection(.path(link), recheckInterval: .seconds(60))
        var iterator = connection.events().makeAsyncIterator()
        while let event = await iterator.next() {
            if case .failed = event { break }
        }
        // Plugged in before the reader asks for its next event, so before its watch begins.
        let receiver = try VirtualReceiver(linkPath: link)
        let started = ContinuousClock.now
        let opened = Task { [iterator] in
            var iterator = iterator
            while let event = await iterator.next() {
                if case .opened = event { return true }
            }
            return false
        }
        await expectOpenedAtOnce(opened, since: started)
        _ = receiver
    }

    @Test("an access check while the connection's own run reads the device is granted, and opens nothing: it never finds its own run busy")
    func accessCheckWhileReading() async throws {
        let receiver = try VirtualReceiver()
        let opens = WatchedState(0)
        let connection = DeviceConnection(.path(receiver.devicePath), recheckInterval: .milliseconds(50)) {
            path, configuration throws(SerialPortError) in
            opens.update { $0 += 1 }
            return try SerialPort(path: path, configuration: configuration)
        }
        var iterator: ReceiverEvents.AsyncIterator? = connection.events().makeAsyncIterator()
        while let event = await iterator?.next() {
            if case .opened = event { break }
        }
        guard case .granted = await connection.checkAccess() else { Issue.record("the run's own device was not granted"); return }
        #expect(opens.value == 1, "the check opened the device the run holds")
        // Once the run lets the device go, a check opens it again.
        iterator = nil
        guard case .granted = await connection.checkAccess() else { Issue.record("not granted once closed"); return }
        #expect(opens.value == 2)
    }

    /// Expects `opened` to say the device opened within 30 s of `started`, far less than the
    /// 60 s recheck interval; a guard cancels it after that. The device opens at once when the
    /// code is right.
    private func expectOpenedAtOnce(
        _ opened: Task<Bool, Never>, since started: ContinuousClock.Instant, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let guardTimer = Task {
            // A guard, not a wait.
            try? await Task.sleep(for: .seconds(30))
            opened.cancel()
        }
        #expect(await opened.value, "opened once the link appeared", sourceLocation: sourceLocation)
        #expect(ContinuousClock.now - started < .seconds(30), sourceLocation: sourceLocation)
        guardTimer.cancel()
    }
}
