import FoundationEssentials
import Glibc

/// The queue's copy on disk: one file per message, `DIR/<sequence>.mqtt`, written (and
/// `fsync`ed) before the message counts as queued and removed once the broker has it, so a
/// restart of the program sends what the last one could not. The file holds the QoS, a flags
/// byte (1: retain; 2: sent), the topic's length and bytes, then the payload.
///
/// The sent flag is set in place just before the message's first PUBLISH, so a restart sends
/// with DUP only what an earlier run really sent (MQTT 3.1.1 §3.3.1.1: DUP 0 is the first
/// attempt, DUP 1 a possible re-delivery). It is not `fsync`ed: a killed program keeps it, and
/// only a crash of the machine can lose it, after which the message goes again with DUP 0, a
/// duplicate that a QoS 1 reader must take in any case.
struct MessageSpool: Sendable {
    let directory: String

    /// A spool in `directory`, created (mode 0700) when missing.
    ///
    /// - Throws: `MQTTSpoolError` when the directory cannot be made or read.
    init(directory: String) throws(MQTTSpoolError) {
        self.directory = directory
        var status = stat()
        if stat(directory, &status) != 0 {
            guard mkdir(directory, 0o700) == 0 || errno == EEXIST else { throw .cannotCreate(directory, errno: errno) }
        } else if status.st_mode & S_IFMT != S_IFDIR {
            throw .cannotCreate(directory, errno: ENOTDIR)
        }
    }

    /// The messages left by an earlier run, oldest first.
    func load() -> [QueuedMessage] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name -> QueuedMessage? in
            guard name.hasSuffix(".mqtt"), let sequence = UInt64(name.dropLast(5)),
                  let data = FileManager.default.contents(atPath: path(sequence)) else { return nil }
            return Self.decode([UInt8](data)).map { QueuedMessage(sequence: sequence, message: $0.message, wasSent: $0.wasSent) }
        }.sorted { $0.sequence < $1.sequence }
    }

    /// Writes `message` durably; false when the disk refused (full, read-only).
    func store(_ message: QueuedMessage) -> Bool {
        let bytes = Self.encode(message.message, wasSent: message.wasSent)
        let fd = open(path(message.sequence), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        return written == bytes.count && fsync(fd) == 0
    }

    /// Sets the sent flag of `message`'s file, if it is still there (not `fsync`ed).
    func markSent(_ message: QueuedMessage) {
        let fd = open(path(message.sequence), O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var flags = Self.flags(message.message, wasSent: true)
        _ = pwrite(fd, &flags, 1, 1)
    }

    /// Forgets the message at `sequence`.
    func remove(_ sequence: UInt64) {
        _ = unlink(path(sequence))
    }

    private func path(_ sequence: UInt64) -> String {
        let digits = String(sequence)
        return directory + "/" + String(repeating: "0", count: max(0, 20 - digits.count)) + digits + ".mqtt"
    }

    static func encode(_ message: MQTTMessage, wasSent: Bool) -> [UInt8] {
        var bytes: [UInt8] = [message.qos.rawValue, flags(message, wasSent: wasSent)]
        bytes.appendString(message.topic)
        return bytes + message.payload
    }

    static func decode(_ bytes: [UInt8]) -> (message: MQTTMessage, wasSent: Bool)? {
        guard bytes.count >= 4, let qos = QualityOfService(rawValue: bytes[0]) else { return nil }
        let length = Int(bytes[2]) << 8 | Int(bytes[3])
        guard bytes.count >= 4 + length, let topic = String(validating: bytes[4..<(4 + length)], as: UTF8.self) else { return nil }
        let message = MQTTMessage(topic: topic, payload: Array(bytes[(4 + length)...]), qos: qos, retain: bytes[1] & 0x01 != 0)
        return (message, bytes[1] & 0x02 != 0)
    }

    private static func flags(_ message: MQTTMessage, wasSent: Bool) -> UInt8 {
        (message.retain ? 0x01 : 0) | (wasSent ? 0x02 : 0)
    }
}
