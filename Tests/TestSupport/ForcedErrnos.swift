// The seam forces errnos in debug builds only.
#if DEBUG
import POSIXSupport
import Testing

/// Runs `body` with `plan`'s errnos forced through the syscall seam, and checks the code under
/// test reached every one of them (a forced errno never reached means the test missed its path).
///
/// The plan is bound to the calling task, so tests running in parallel do not see one
/// another's.
@discardableResult
package func forcing<T>(
    _ plan: [Syscalls.Call: [CInt]], sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T
) rethrows -> T {
    let injection = FaultInjection(plan)
    defer { #expect(injection.unused == 0, "a forced errno was never reached", sourceLocation: sourceLocation) }
    return try FaultInjection.$current.withValue(injection, operation: body)
}

/// `forcing(_:_:)` for an asynchronous body: the plan holds for the calls the body's task makes.
@discardableResult
package func forcing<T>(
    _ plan: [Syscalls.Call: [CInt]], sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
) async rethrows -> T {
    let injection = FaultInjection(plan)
    defer { #expect(injection.unused == 0, "a forced errno was never reached", sourceLocation: sourceLocation) }
    return try await FaultInjection.$current.withValue(injection, operation: body)
}
#endif
