import TestSupport
import Foundation
import SerialPort

/// Makes a `VirtualReceiver` behave like a receiver with a fix: one epoch (GGA, GSA, RMC, VTG)
/// every 20 ms, each a second later in UTC than the one before, until cancelled or unplugged.
///
/// Nothing waits for a reader: bytes sent while no program has the device open are discarded
/// when it is opened (the open flushes), as a real receiver's would be.
func transmitEpochs(from receiver: VirtualReceiver) -> Task<Void, Never> {
    detachedOnThreadOfItsOwn {
        var second = 0
        while !Task.isCancelled, !receiver.isUnplugged {
            let time = String(format: "%02d%02d%02d", 10 + second / 3600, second / 60 % 60, second % 60)
            let bytes = Array(epoch(time).map(sentence).joined().utf8)
            // A full line (the provider not reading yet, or slow under load) is waited on with
            // `Task.sleep`, never in a blocking call on the cooperative pool.
            try? await receiver.play(bytes, pace: .unthrottled)
            second += 1
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
