// Faults are forced through the syscall seam of debug builds only.
#if DEBUG
import Glibc
import GPSReader
import LocationTracking
import POSIXSupport
import SerialPort
import Testing
import TestSupport

/// Faults of a real receiver, through the whole flow: a `VirtualReceiver` pseudo-terminal with
/// real termios, `NMEALocationProvider`, `AppLocationManager` and a screen (see `FaultRig`).
///
/// Each test shows four things: how the fault is reported (transient faults are not: they are
/// absorbed and the state never leaves `.located`; outages become `.failed`); that at most the
/// epoch in flight is lost, the fixes before and after the fault all reaching the screen; that
/// nothing spins (the port waits in `poll`, the provider retries once per recheck interval);
/// and that the last fix is never presented as current once stale (`.lost` on the manager's
/// clock, or `.failed` for as long as the outage lasts). An epoch reaches the screen while it
/// is current even when nothing in it says it is complete: the quiet line after it ends it.
@MainActor
@Suite("Faults end to end")
struct FaultEndToEndTests {
    @Test("an EINTR storm on read and poll is retried: nothing reported, no fix lost")
    func interruptStorm() async throws {
        let rig = try FaultRig()
        await rig.start()
        try await rig.deliver(1...3)
        rig.faults.fail(.read, with: EINTR, times: 1000)
        rig.faults.fail(.poll, with: EINTR, times: 1000)
        try await rig.deliver(4...6)

        #expect(rig.faults.unused == 0, "the storm reached the provider's reads")
        #expect(rig.receivedEpochs == Array(1...6))
        #expect(rig.errors.isEmpty && !rig.everFailed)
        await rig.expectWaitsInPoll()
        await rig.expectLost(lastEpoch: 6)
        await rig.stop()
    }

    @Test("a spurious EAGAIN is waited on in poll, never spun on: nothing reported, no fix lost")
    func spuriousWouldBlock() async throws {
        let rig = try FaultRig()
        await rig.start()
        try await rig.deliver(1...3)
        let polls = rig.faults.calls(of: .poll)
        rig.faults.fail(.read, with: EAGAIN, times: 100)
        try await rig.deliver(4...6)

        #expect(rig.faults.unused == 0)
        #expect(rig.faults.calls(of: .poll) - polls >= 100, "each EAGAIN went to poll, which found the bytes waiting")
        #expect(rig.receivedEpochs == Array(1...6))
        #expect(rig.errors.isEmpty && !rig.everFailed)
        await rig.expectWaitsInPoll()
        await rig.expectLost(lastEpoch: 6)
        await rig.stop()
    }

    @Test("one-byte reads frame the same sentences: nothing reported, no fix lost")
    func oneByteReads() async throws {
        let rig = try FaultRig()
        await rig.start()
        try await rig.deliver(1...3)
        let reads = rig.faults.calls(of: .read)
        rig.faults.limitReads(to: 1)
        try await rig.deliver(4...6)
        rig.faults.limitReads(to: nil)

        let bytes = (4...6).map { FaultRig.sentences(ofEpoch: $0).joined().count }.reduce(0, +)
        #expect(rig.faults.calls(of: .read) - reads >= bytes, "a read for each byte")
        #expect(rig.receivedEpochs == Array(1...6))
        #expect(rig.errors.isEmpty && !rig.everFailed)
        await rig.expectWaitsInPoll()
        await rig.expectLost(lastEpoch: 6)
        await rig.stop()
    }

    @Test("EIO in the middle of a sentence is reported; only that epoch is lost; fixes resume on reopen")
    func inputOutputErrorMidSentence() async throws {
        let rig = try FaultRig()
        await rig.start()
        try await rig.deliver(1...3)
        try await rig.sendStart(ofEpoch: 4, byteCount: 40)
        // The rest goes out in the same step as the fault, all of it queued before the
        // provider can close and reopen the port: the reopen's flush discards it, and none of
        // epoch 4 reaches a new reader.
        rig.faults.fail(.read, with: EIO)
        try rig.sendRest(ofEpoch: 4, after: 40)

        let failure = SerialPortError.disconnected(path: rig.link, errno: EIO)
        await rig.expectFailure("of EIO") { $0 as? SerialPortError == failure }
        await rig.waitForReopen()
        try await rig.deliver(5...7)
        #expect(rig.receivedEpochs == [1, 2, 3, 5, 6, 7], "the epoch cut by EIO is lost, and no other")
        #expect(rig.errors == ["provider failed: \(failure)"])
        await rig.expectWaitsInPoll()
        await rig.expectLost(lastEpoch: 7)
        await rig.stop()
    }

    @Test("an unplug (POLLHUP) is reported; only the epoch in flight is lost; fixes resume on replug")
    func unplug() async throws {
        let rig = try FaultRig(recheckInterval: .milliseconds(250))
        await rig.start()
        try await rig.deliver(1...3)
        try await rig.sendStart(ofEpoch: 4, byteCount: 40)
        rig.receiver.unplug()

        // The missing device follows the unplug a recheck later: on a main actor that far
        // behind, it replaces the unplug in the flow's inbox, so the screen may only ever be
        // told of the outage. The log has both, in order.
        await eventually("the unplug is logged") { rig.errors.first?.contains("\(rig.link) was disconnected") == true }
        await rig.expectFailure("of the outage") { _ in true }
        let attempts = rig.openAttempts, since = ContinuousClock.now
        // The time is what is under test: the attempts that half a second of rechecks makes.
        try await Task.sleep(for: .milliseconds(500))
        let intervals = Int(((ContinuousClock.now - since) / .milliseconds(250)).rounded(.up))
        #expect(rig.openAttempts - attempts <= intervals + 1, "an open every recheck interval (250 ms), not a loop")
        try rig.plugIn()
        await rig.waitForReopen()
        try await rig.deliver(5...7)

        #expect(rig.receivedEpochs == [1, 2, 3, 5, 6, 7])
        #expect(rig.errors.first?.contains("\(rig.link) was disconnected") == true)
        #expect(rig.errors.dropFirst().allSatisfy { $0.contains("No device at \(rig.link)") }, "\(rig.errors)")
        #expect(rig.errors.count <= 2, "the missing device is reported once, not at every attempt")
        await rig.expectWaitsInPoll()
        await rig.expectLost(lastEpoch: 7)
        await rig.stop()
    }

    @Test("a device that goes silent is no error: its fix goes lost on the clock, nothing spins, fixes resume")
    func silence() async throws {
        let rig = try FaultRig()
        await rig.start()
        try await rig.deliver(1...3)

        await rig.expectWaitsInPoll()
        await rig.expectLost(lastEpoch: 3)
        try await rig.deliver(4...6)
        #expect(rig.screen.manager.state == .located(try #require(rig.screen.received.last)))
        #expect(rig.receivedEpochs == Array(1...6))
        #expect(rig.errors.isEmpty && !rig.everFailed)
        await rig.stop()
    }

    @Test("the one epoch a receiver sends before a silence reaches the screen at once, goes lost, and is never current again")
    func lastEpochBeforeSilence() async throws {
        let rig = try FaultRig()
        await rig.start()
        // The first epoch after an open: nothing in it says it is complete, only the quiet after it.
        try await rig.deliver(1...1)
        await rig.expectWaitsInPoll()
        await rig.expectLost(lastEpoch: 1)

        let statesBefore = rig.screen.states.count
        try await rig.deliver(7201...7203)  // two hours later
        let latest = try #require(rig.screen.received.last)
        #expect(rig.receivedEpochs == [1, 7201, 7202, 7203], "epoch 1 reached the screen once, before the silence")
        let locatedSince = rig.screen.states.dropFirst(statesBefore).compactMap { state in
            if case .located(let fix) = state { fix } else { nil }
        }
        #expect(!locatedSince.isEmpty && locatedSince.allSatisfy(rig.screen.received.suffix(3).contains),
                "only the new epochs are presented as current: \(locatedSince.count) located states")
        #expect(rig.screen.manager.state == .located(latest))
        #expect(rig.errors.isEmpty && !rig.everFailed)
        await rig.stop()
    }

    @Test("a receiver that ends its epochs with a GSA has each on the screen without waiting for the next")
    func gsaEndedEpochs() async throws {
        let rig = try FaultRig(endsEpochsWithGSA: true)
        await rig.start()
        // Each epoch is waited for at the screen before the next goes out: only the quiet line
        // after it can end it, since the assembler never takes a GSA for an epoch's end.
        try await rig.deliver(1...3)
        #expect(rig.receivedEpochs == [1, 2, 3])
        #expect(rig.screen.received.allSatisfy { $0.mode == .threeDimensional }, "each with its own GSA")
        await rig.expectLost(lastEpoch: 3)
        await rig.stop()
    }

    @Test("a receiver at another speed is reported as garbled, once; fixes resume when it talks at the port's")
    func wrongSpeed() async throws {
        let rig = try FaultRig(baudRate: 9600)
        rig.receiver.baudRate = 9600
        await rig.start()
        try await rig.deliver(1...3)
        rig.receiver.baudRate = 4800
        for number in 4...20 {
            try await rig.send(FaultRig.sentences(ofEpoch: number).joined())
        }

        let failure = GPSReaderError.garbled(path: rig.link, baudRate: 9600)
        await rig.expectFailure("of garbage") { $0 as? GPSReaderError == failure }
        await eventually("the provider reads all the garbage") { (try? rig.receiver.unreadByteCount()) == 0 }
        await rig.expectWaitsInPoll()
        rig.receiver.baudRate = 9600
        try await rig.deliver(21...23)
        #expect(rig.receivedEpochs == [1, 2, 3, 21, 22, 23], "nothing decoded from the garbage")
        #expect(rig.errors == ["provider failed: \(failure)"], "one report for the whole spell")
        await rig.expectLost(lastEpoch: 23)
        await rig.stop()
    }

    @Test("a receiver that sends only UBX and RTCM 3 frames at the port's speed is not garbled: valid frames of any protocol count")
    func binaryFramesAreNotGarbage() async throws {
        let rig = try FaultRig(baudRate: 9600)
        rig.receiver.baudRate = 9600
        await rig.start()
        try await rig.deliver(1...2)
        // 8 KiB of frames, four times the garble spell's 2,048 bytes: a NAV-PVT-sized UBX frame
        // and an RTCM 3 1077-sized frame, in turn.
        let frames = BinaryFrames.ubx(0x01, 0x07, [UInt8](repeating: 0x24, count: 92)) + BinaryFrames.rtcm3([UInt8](repeating: 0x0D, count: 200))
        for _ in 0..<26 { try await rig.send(frames) }
        await eventually("the provider reads all the frames") { (try? rig.receiver.unreadByteCount()) == 0 }
        try await rig.deliver(3...4)
        #expect(rig.receivedEpochs == [1, 2, 3, 4])
        #expect(rig.errors.isEmpty, "no garble report: \(rig.errors)")
        await rig.stop()
    }

    @Test("behind a USB-serial bridge, a receiver that sends only UBX and RTCM 3 is found at its speed, and never garbled")
    func huntingFindsBinaryOnlyReceiver() async throws {
        let link = temporaryLinkPath()
        let receiver = try VirtualReceiver(linkPath: link)
        receiver.baudRate = 38400
        let faults = FaultInjection()
        // fstat failing makes the pseudo-terminal pass for a USB-serial bridge: its speed is hunted.
        faults.fail(.fstat, with: EIO, times: 1000)
        let connection = DeviceConnection(.path(link), recheckInterval: .milliseconds(50)) { path, configuration throws(SerialPortError) in
            try SerialPort(path: path, configuration: configuration, faults: faults)
        }
        let frames = BinaryFrames.ubx(0x01, 0x07, [UInt8](repeating: 0x24, count: 92)) + BinaryFrames.rtcm3([UInt8](repeating: 0x0D, count: 200))
        let transmitter = detachedOnThreadOfItsOwn {
            while !Task.isCancelled {
                try? await receiver.play(frames, pace: .unthrottled)
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        defer { transmitter.cancel() }
        var opened: Int?? = nil
        var problems: [String] = []
        for await event in connection.events() {
            switch event {
            case .opened(_, let baudRate): opened = baudRate
            case .garbled(let error): problems.append("\(error)")
            case .failed(let error): problems.append("\(error)")
            default: break
            }
            if opened != nil || !problems.isEmpty { break }
        }
        #expect(opened == 38400)
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("behind a USB-serial bridge, a receiver switched to another speed is reported and hunted for again")
    func speedChangeIsHuntedFor() async throws {
        let rig = try FaultRig()
        // Each open asks fstat whether the line speed matters; when fstat fails it may, so the
        // pseudo-terminal passes for a USB-serial bridge and the provider hunts for the speed.
        rig.faults.fail(.fstat, with: EIO, times: 10)
        rig.receiver.baudRate = 4800
        await rig.start()
        let transmitter = transmitEpochs(from: rig.receiver)
        defer { transmitter.cancel() }
        await eventually("fixes flow once 4800 is found") { rig.screen.received.count >= 2 }

        rig.receiver.baudRate = 9600
        let failure = GPSReaderError.garbled(path: rig.link, baudRate: 4800)
        // The failure lasts only until the hunt finds 9600: looked for in the states the
        // screen was told of, not in the current one.
        await eventually("the screen is told of garbage") {
            rig.screen.states.contains { if case .failed(let error) = $0 { error as? GPSReaderError == failure } else { false } }
        }
        let fixesAt4800 = rig.screen.received.count
        await eventually("fixes flow once 9600 is found") { rig.screen.received.count >= fixesAt4800 + 2 }
        #expect(rig.errors == ["provider failed: \(failure)"])
        await rig.stop()
    }
}
#endif
