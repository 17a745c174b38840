import FoundationEssentials
import Glibc

/// The queue's copy on disk: one file per message, `DIR/<sequence>.mqtt`, written (and
/// `fsync`ed) before the message counts as queued and removed once the broker has it, so a
/// restart of the program sends what the last one could not. The file holds the QoS, the
/// retain flag, the topic's length and bytes, then the payload.
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
            return Self.decode([UInt8](data)).map { QueuedMessage(sequence: sequence, message: $0, wasSent: true) }
        }.sorted { $0.sequence < $1.sequence }
    }

    /// Writes `message` durably; false when the disk refused (full, read-only).
    func store(_ message: QueuedMessage) -> Bool {
        let bytes = Self.encode(message.message)
        let fd = open(path(message.sequence), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        return written == bytes.count && fsync(fd) == 0
    }

    /// Forgets the message at `sequence`.
    func remove(_ sequence: UInt64) {
        _ = unlink(path(sequence))
    }

    private func path(_ sequence: UInt64) -> String {
        let digits = String(sequence)
        return directory + "/" + String(repeating: "0", count: max(0, 20 - digits.count)) + digits + ".mqtt"
    }

    static func encode(_ message: MQTTMessage) -> [UInt8] {
        var bytes: [UInt8] = [message.qos.rawValue, message.retain ? 1 : 0]
        bytes.appendString(message.topic)
        return bytes + message.payload
    }

    static func decode(_ bytes: [UInt8]) -> MQTTMessage? {
        guard bytes.count >= 4, let qos = QualityOfService(rawValue: bytes[0]) else { return nil }
        let length = Int(bytes[2]) << 8 | Int(bytes[3])
        guard bytes.count >= 4 + length, let topic = String(validating: bytes[4..<(4 + length)], as: UTF8.self) else { return nil }
        return MQTTMessage(topic: topic, payload: Array(bytes[(4 + length)...]), qos: qos, retain: bytes[1] == 1)
    }
}
