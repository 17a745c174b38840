extension FleetTopic {
    /// The MQTT client id a publisher of this topic uses unless given one: `gps-` and 16 hex
    /// digits of the 64-bit FNV-1a hash of `machine`, a NUL and the whole topic (20 characters,
    /// within MQTT 3.1.1's 23 every broker must accept). Publishers of other topics, or of one
    /// topic on other machines, get other ids and do not take over each other's connections;
    /// one topic on one machine gets the same id in every run, so the broker's persistent
    /// session and queued messages stay with it. The hash is the package's own, not Swift's
    /// `Hasher`, which is seeded anew in every process.
    ///
    /// - Parameter machine: This machine's identity; `MachineIdentity.current` by default.
    public func defaultClientID(machine: String = MachineIdentity.current) -> String {
        let hash = Self.fnv1a(Array(machine.utf8) + [0] + Array(topic.utf8))
        let digits = String(hash, radix: 16)
        return "gps-" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The 64-bit FNV-1a hash of `bytes`.
    private static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { hash, byte in (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    }
}
