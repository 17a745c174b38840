import FoundationEssentials
import Glibc
import POSIXSupport

/// The queue's copy on disk: one file per message, `DIR/<sequence>.mqtt`, written whole before
/// the message counts as queued and removed once the broker has it, so a restart of the program
/// sends what the last one could not. The file holds the QoS, a flags byte (1: retain; 2: sent;
/// 4: always set, the payload's length follows the topic), the topic's length (2 bytes) and
/// bytes, the payload's length (4 bytes, big-endian), then the payload.
///
/// A file is written as `<name>.tmp`, `fsync`ed, renamed to its name and the directory
/// `fsync`ed, so a crash leaves either the whole file or none under the name. `load` removes
/// stray `.tmp` files, and rejects and deletes a file whose lengths do not add up (cut off by a
/// crash of the machine, or written by a version without the payload's length, flag 4 clear).
///
/// The sent flag is set in place just before the message's first PUBLISH is written, and cleared
/// if that write fails, so a restart sends with DUP what an earlier run may have sent (MQTT 3.1.1
/// §3.3.1.1: DUP 0 is the first attempt, DUP 1 a possible re-delivery); a program killed in the
/// middle of the write leaves it set. It is not `fsync`ed: a killed program keeps it,
/// and only a crash of the machine can lose it, after which the message goes again with DUP 0,
/// a duplicate that a QoS 1 reader must take in any case.
struct MessageSpool: Sendable {
    /// What `load` found: the messages, oldest first, and how many files it rejected and deleted.
    struct Contents: Sendable {
        var messages: [QueuedMessage]
        var rejected: Int
    }

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

    /// The messages left by an earlier run, oldest first; stray `.tmp` files are removed, and
    /// damaged or old-format files are deleted and counted in `rejected`.
    func load() -> Contents {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var contents = Contents(messages: [], rejected: 0)
        for name in names {
            if name.hasSuffix(".mqtt.tmp") {
                _ = unlink(directory + "/" + name)
                continue
            }
            guard name.hasSuffix(".mqtt"), let sequence = UInt64(name.dropLast(5)) else { continue }
            guard let data = FileManager.default.contents(atPath: path(sequence)),
                  let decoded = Self.decode([UInt8](data)) else {
                remove(sequence)
                contents.rejected += 1
                continue
            }
            contents.messages.append(QueuedMessage(sequence: sequence, message: decoded.message, wasSent: decoded.wasSent))
        }
        contents.messages.sort { $0.sequence < $1.sequence }
        return contents
    }

    /// Writes `message` durably (temporary file, `fsync`, rename, `fsync` of the directory);
    /// false when the disk refused (full, read-only), leaving no file behind.
    func store(_ message: QueuedMessage) -> Bool {
        let final = path(message.sequence)
        let temporary = final + ".tmp"
        guard Self.writeSynced(Self.encode(message.message, wasSent: message.wasSent), to: temporary),
              rename(temporary, final) == 0 else {
            _ = unlink(temporary)
            return false
        }
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directoryFD >= 0 else { return false }
        defer { close(directoryFD) }
        return fsync(directoryFD) == 0
    }

    /// Sets or clears the sent flag of `message`'s file, as `message.wasSent` says, if the file
    /// is still there (one byte, not `fsync`ed).
    func setSent(_ message: QueuedMessage) {
        let fd = open(path(message.sequence), O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var flags = Self.flags(message.message, wasSent: message.wasSent)
        _ = pwrite(fd, &flags, 1, 1)
    }

    /// Forgets the message at `sequence`.
    func remove(_ sequence: UInt64) {
        _ = unlink(path(sequence))
    }

    func path(_ sequence: UInt64) -> String {
        let digits = String(sequence)
        return directory + "/" + String(repeating: "0", count: max(0, 20 - digits.count)) + digits + ".mqtt"
    }

    private static func writeSynced(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let result = bytes.withUnsafeBytes { all in
                Syscalls.retryingOnInterrupt { Syscalls.write(fd, UnsafeRawBufferPointer(rebasing: all[offset...])) }
            }
            guard case .success(let written) = result, written > 0 else { return false }
            offset += written
        }
        return fsync(fd) == 0
    }

    static func encode(_ message: MQTTMessage, wasSent: Bool) -> [UInt8] {
        var bytes: [UInt8] = [message.qos.rawValue, flags(message, wasSent: wasSent)]
        bytes.appendString(message.topic)
        let count = UInt32(message.payload.count)
        bytes += [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
        return bytes + message.payload
    }

    /// The message in `bytes`, or nil when they are not one whole file of this format.
    static func decode(_ bytes: [UInt8]) -> (message: MQTTMessage, wasSent: Bool)? {
        guard bytes.count >= 4, let qos = QualityOfService(rawValue: bytes[0]), bytes[1] & 0x04 != 0 else { return nil }
        let topicEnd = 4 + (Int(bytes[2]) << 8 | Int(bytes[3]))
        guard bytes.count >= topicEnd + 4, let topic = String(validating: bytes[4..<topicEnd], as: UTF8.self) else { return nil }
        let payloadLength = bytes[topicEnd..<(topicEnd + 4)].reduce(0) { $0 << 8 | Int($1) }
        guard bytes.count == topicEnd + 4 + payloadLength else { return nil }
        let message = MQTTMessage(topic: topic, payload: Array(bytes[(topicEnd + 4)...]), qos: qos, retain: bytes[1] & 0x01 != 0)
        return (message, bytes[1] & 0x02 != 0)
    }

    private static func flags(_ message: MQTTMessage, wasSent: Bool) -> UInt8 {
        0x04 | (message.retain ? 0x01 : 0) | (wasSent ? 0x02 : 0)
    }
}
