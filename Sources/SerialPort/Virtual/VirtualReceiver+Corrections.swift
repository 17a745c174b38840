extension VirtualReceiver {
    /// Reads what the program wrote to the receiver, waiting up to `timeout` for the first byte,
    /// and hands it to `responder`: how a simulated receiver takes the RTCM 3 corrections an
    /// NTRIP client writes through its link.
    ///
    /// The corresponding C functions are `poll` and `read`.
    ///
    /// - Returns: The bytes read; empty when the timeout passed.
    /// - Throws: `.system` with `EBADF` once unplugged.
    @discardableResult
    public func takeWrites(into responder: CorrectionResponder, timeout: Duration?) throws(SerialPortError) -> [UInt8] {
        let written = try [UInt8](unsafeUninitializedCapacity: 4096) { buffer, count throws(SerialPortError) in
            count = try read(into: UnsafeMutableRawBufferPointer(buffer), timeout: timeout)
        }
        responder.consume(written)
        return written
    }
}
