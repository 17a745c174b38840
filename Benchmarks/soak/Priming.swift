import Foundation
import SerialPort

/// A new `VirtualReceiver` whose device is linked at `link`; exits with a message when the
/// system gives no pseudo-terminal.
func plugReceiver(at link: String) -> VirtualReceiver {
    do { return try VirtualReceiver(linkPath: link) } catch {
        FileHandle.standardError.write(Data("gps-soak: cannot create a receiver: \(error)\n".utf8))
        exit(1)
    }
}

/// Sends epochs from `epoch` on, one every 10 ms, until `received()` is `count`; exits with a
/// message after 30 s. What a receiver sends before the provider has the device open is flushed
/// by the open, as a real receiver's output would be, so a soak cannot send a fixed number of
/// epochs first and wait for all of them.
@MainActor
func sendUntilReceived(_ count: Int, from receiver: VirtualReceiver, epoch: inout Int, _ received: () -> Int) async {
    let deadline = ContinuousClock.now + .seconds(30)
    while received() < count {
        guard ContinuousClock.now < deadline else {
            FileHandle.standardError.write(Data("gps-soak: no fixes from \(receiver.devicePath) in 30 s\n".utf8))
            exit(1)
        }
        try? receiver.send(TenHertzEpochs.bytes(of: epoch), timeout: .milliseconds(100))
        epoch += 1
        try? await Task.sleep(for: .milliseconds(10))
    }
}
