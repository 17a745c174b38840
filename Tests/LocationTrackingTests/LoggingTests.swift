import Foundation
@testable import LocationTracking
import Testing

/// Provider errors go to the injected logger, never to the screen; library code never prints.
@MainActor
@Suite("Logging")
struct LoggingTests {
    struct DeviceMissing: Error, CustomStringConvertible {
        var description: String { "/dev/ttyACM0 is missing" }
    }

    @Test("a provider error is logged at .error, not shown, and the flow carries on")
    func providerErrorIsLogged() async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .continuous)
        await harness.startUpdating()
        harness.provider.fail(with: DeviceMissing())
        await harness.deliver(Fix.berlin, untilScreenHolds: 1)

        let errors = harness.logger.entries.filter { $0.level == .error }
        #expect(errors.map(\.message) == ["provider failed: /dev/ttyACM0 is missing"])
        #expect(harness.screen.mainRouter.routes.isEmpty)
        #expect(harness.screen.received == [Fix.berlin.coordinate])
    }

    @Test("every provider error is logged as it comes, even those a newer one replaces before the main actor gets to it")
    func everyErrorIsLogged() async {
        let harness = Harness(status: .authorizedWhenInUse, mode: .continuous)
        await harness.startUpdating()
        // The test holds the main actor: the second error replaces the first in the inbox.
        harness.provider.fail(with: Unplugged())
        harness.provider.fail(with: DeviceMissing())
        #expect(harness.manager.inbox.count == 1)
        await harness.quiesce()

        let errors = harness.logger.entries.filter { $0.level == .error }
        #expect(errors.map(\.message) == ["provider failed: \(Unplugged())", "provider failed: /dev/ttyACM0 is missing"])
        if case .failed(let error) = harness.manager.state {
            #expect(error is DeviceMissing, "the state is the newest error")
        } else {
            Issue.record("the state is \(harness.manager.state), not .failed")
        }
    }

    @Test("the standard-error logger writes lines at or above its level only")
    func standardErrorLoggerFilters() throws {
        let pipe = Pipe()
        let logger = StandardErrorLocationLogger(minimumLevel: .warning, descriptor: pipe.fileHandleForWriting.fileDescriptor)
        logger.log(.debug, "step")
        logger.log(.info, "note")
        logger.log(.warning, "odd")
        logger.log(.error, "broken")
        try pipe.fileHandleForWriting.close()
        let written = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(written == "[LocationTracking] warning: odd\n[LocationTracking] error: broken\n")
    }

    @Test("the silent logger, the default, does not even build the message")
    func silentLoggerBuildsNothing() {
        var built = false
        func message() -> String {
            built = true
            return "expensive"
        }
        let logger: any LocationLogger = .silent
        logger.log(.error, message())
        #expect(!built)
    }

    @Test("levels are ordered from debug to error")
    func levelsAreOrdered() {
        #expect(LogLevel.allCases.sorted() == [.debug, .info, .warning, .error])
    }
}
