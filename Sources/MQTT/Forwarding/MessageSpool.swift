import Glibc
import POSIXSupport

/// The queue's copy on disk: one file per message, `DIR/<sequence>.mqtt` with the sequence in
/// 20 digits, written whole before the message counts as queued and removed once the broker has
/// it, so a restart of the program sends what the last one could not. The file holds the QoS, a
/// flags byte (1: retain; 2: sent; 4: always set, the payload's length follows the topic), the
/// topic's length (2 bytes) and bytes, the payload's length (4 bytes, big-endian), then the payload.
///
/// The directory must belong to the user the program runs as and be writable by nobody else,
/// or the spool refuses it: its files are published with this program's credentials. It is
/// opened once and every file is reached through it, never through a symbolic link: files are
/// created `O_EXCL | O_NOFOLLOW` with mode 0600 and reopened `O_NOFOLLOW`.
///
/// A file is written as `<name>.tmp`, `fsync`ed, renamed to its name and the directory
/// `fsync`ed, so a crash leaves either the whole file or none under the name. `load` removes
/// stray `.tmp` files, and rejects and deletes a file whose lengths do not add up (cut off by a
/// crash of the machine, or written by a version without the payload's length, flag 4 clear),
/// or that is larger than any message (by its size, unread). What the spool did not write (other
/// names, directories, links) and messages for another topic are left alone and listed.
///
/// The sent flag is set in place just before the message's first PUBLISH is written, and cleared
/// if that write fails, so a restart sends with DUP what an earlier run may have sent (MQTT 3.1.1
/// §3.3.1.1: DUP 0 is the first attempt, DUP 1 a possible re-delivery); a program killed in the
/// middle of the write leaves it set. It is not `fsync`ed: a killed program keeps it,
/// and only a crash of the machine can lose it, after which the message goes again with DUP 0,
/// a duplicate that a QoS 1 reader must take in any case.
final class MessageSpool: Sendable {
    /// What `load` found: the topic's messages, oldest first; how many damaged files it deleted;
    /// what it left alone; the sequence for the next message.
    struct Contents: Sendable {
        var messages: [QueuedMessage] = []
        var rejected = 0
        var leftAlone: [SpoolLeftover] = []
        /// One past the highest sequence of the spool's files, whatever their topic: 0 for none.
        var nextSequence: UInt64 = 0
    }

    /// The highest sequence a spool file's name may carry: a run never gets near it, and the
    /// sequences after it are still numbers, so counting on from the highest never overflows.
    static let largestSequence = UInt64(Int64.max)
    /// The largest file a message can make: six bytes more than the largest PUBLISH a QoS 0
    /// message makes, `RemainingLength.maximum` (its 2-byte topic length and topic, and the payload).
    static let largestFile = RemainingLength.maximum + 6

    let directory: FilePath
    let topic: String
    private let descriptor: CInt

    /// The spool in `directory`, created (mode 0700) when missing, for `topic`'s messages.
    ///
    /// - Throws: `MQTTSpoolError.cannotCreate` when the directory cannot be made or opened, or
    ///   is not one; `.notOwned` when another user owns it; `.writableByOthers` when its group
    ///   or others may write it.
    init(directory: FilePath, topic: String) throws(MQTTSpoolError) {
        var opened = Syscalls.retryingOnInterrupt { Syscalls.openDirectory(directory) }
        if case .failure(.ENOENT) = opened {
            if case .failure(let error) = Syscalls.makeDirectory(directory, mode: 0o700), error.rawValue != EEXIST {
                throw .cannotCreate(directory.description, errno: error.rawValue)
            }
            opened = Syscalls.retryingOnInterrupt { Syscalls.openDirectory(directory) }
        }
        let descriptor: CInt
        switch opened {
        case .success(let fd): descriptor = fd
        case .failure(let error): throw .cannotCreate(directory.description, errno: error.rawValue)
        }
        do throws(MQTTSpoolError) {
            try Self.checkOwnership(of: descriptor, directory)
        } catch {
            _ = Syscalls.close(descriptor)
            throw error
        }
        self.directory = directory
        self.topic = topic
        self.descriptor = descriptor
    }

    /// The spool in `directory`, named as text, for `topic`'s messages.
    convenience init(directory: String, topic: String) throws(MQTTSpoolError) {
        try self.init(directory: FilePath(directory), topic: topic)
    }

    deinit {
        _ = Syscalls.close(descriptor)
    }

    private static func checkOwnership(of descriptor: CInt, _ directory: FilePath) throws(MQTTSpoolError) {
        let status: stat
        switch Syscalls.fstat(descriptor) {
        case .success(let found): status = found
        case .failure(let error): throw .cannotCreate(directory.description, errno: error.rawValue)
        }
        let user = geteuid()
        guard status.st_uid == user else { throw .notOwned(directory.description, owner: status.st_uid, user: user) }
        guard status.st_mode & mode_t(S_IWGRP | S_IWOTH) == 0 else {
            throw .writableByOthers(directory.description, mode: status.st_mode & 0o7777)
        }
    }

    /// What an earlier run left: this topic's messages, oldest first. Stray `.tmp` files are
    /// removed; damaged, old-format and oversized files are deleted and counted in `rejected`;
    /// everything else is left where it is and listed in `leftAlone`.
    func load() -> Contents {
        var contents = Contents()
        let names = (try? Syscalls.entries(of: descriptor).get()) ?? []
        for name in names {
            guard case .success(let status) = Syscalls.status(in: descriptor, name) else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: contents.leftAlone.append(SpoolLeftover(name: name, kind: .directory))
                continue
            case S_IFLNK: contents.leftAlone.append(SpoolLeftover(name: name, kind: .symbolicLink))
                continue
            default: contents.leftAlone.append(SpoolLeftover(name: name, kind: .special))
                continue
            }
            if Self.sequence(named: name, suffix: ".mqtt.tmp") != nil {
                discard(name, into: &contents)
                continue
            }
            guard let sequence = Self.sequence(named: name, suffix: ".mqtt") else {
                contents.leftAlone.append(SpoolLeftover(name: name, kind: .notASpoolName))
                continue
            }
            contents.nextSequence = max(contents.nextSequence, sequence + 1)
            guard let decoded = read(name) else {
                if discard(name, into: &contents) { contents.rejected += 1 }
                continue
            }
            guard decoded.message.topic == topic else {
                contents.leftAlone.append(SpoolLeftover(name: name, kind: .otherTopic(decoded.message.topic)))
                continue
            }
            contents.messages.append(QueuedMessage(sequence: sequence, message: decoded.message, wasSent: decoded.wasSent))
        }
        contents.messages.sort { $0.sequence < $1.sequence }
        return contents
    }

    /// Writes `message` durably (a new temporary file, `fsync`, rename, `fsync` of the
    /// directory); the errno when the disk refused (`ENOSPC`, `EROFS`) or something is already
    /// at the temporary name (`EEXIST`), leaving no file behind.
    func store(_ message: QueuedMessage) -> Result<Void, Errno> {
        let final = name(message.sequence)
        let temporary = final + ".tmp"
        let stored = writeSynced(Self.encode(message.message, wasSent: message.wasSent), to: temporary)
            .flatMap { Syscalls.rename(in: descriptor, temporary, to: final) }
        if case .failure = stored {
            _ = Syscalls.unlink(in: descriptor, temporary)
            return stored
        }
        return Syscalls.fsync(descriptor)
    }

    /// Sets or clears the sent flag of `message`'s file, as `message.wasSent` says, if the file
    /// is still there and not a link (one byte, not `fsync`ed).
    func setSent(_ message: QueuedMessage) {
        guard case .success(let fd) = Syscalls.retryingOnInterrupt({ Syscalls.open(in: descriptor, name(message.sequence), O_WRONLY) })
        else { return }
        defer { _ = Syscalls.close(fd) }
        _ = withUnsafeBytes(of: Self.flags(message.message, wasSent: message.wasSent)) { Syscalls.write(fd, $0, at: 1) }
    }

    /// Forgets the message at `sequence`.
    func remove(_ sequence: UInt64) {
        _ = Syscalls.unlink(in: descriptor, name(sequence))
    }

    /// The path of the file for `sequence`, as messages write it.
    func path(_ sequence: UInt64) -> String {
        directory.description + "/" + name(sequence)
    }

    private func name(_ sequence: UInt64) -> String {
        let digits = String(sequence)
        return String(repeating: "0", count: max(0, 20 - digits.count)) + digits + ".mqtt"
    }

    /// The sequence in `name`, when it is 20 digits and `suffix` and at most `largestSequence`.
    static func sequence(named name: String, suffix: String) -> UInt64? {
        guard name.hasSuffix(suffix) else { return nil }
        let digits = name.utf8.dropLast(suffix.utf8.count)
        guard digits.count == 20, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let sequence = UInt64(String(decoding: digits, as: UTF8.self)), sequence <= largestSequence else { return nil }
        return sequence
    }

    /// Removes one of the spool's own files; when it cannot, lists it as left alone.
    @discardableResult
    private func discard(_ name: String, into contents: inout Contents) -> Bool {
        switch Syscalls.unlink(in: descriptor, name) {
        case .success, .failure(.ENOENT): return true
        case .failure(let error):
            contents.leftAlone.append(SpoolLeftover(name: name, kind: .cannotRemove(errno: error.rawValue)))
            return false
        }
    }

    /// The message in file `name`, or nil when it is not one whole file of this format; a file
    /// larger than `largestFile` is not read.
    private func read(_ name: String) -> (message: MQTTMessage, wasSent: Bool)? {
        guard case .success(let fd) = Syscalls.retryingOnInterrupt({ Syscalls.open(in: descriptor, name, O_RDONLY) }) else { return nil }
        defer { _ = Syscalls.close(fd) }
        guard case .success(let status) = Syscalls.fstat(fd), status.st_size <= Self.largestFile else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var offset = 0
        while offset < bytes.count {
            let result = bytes.withUnsafeMutableBytes { all in
                Syscalls.retryingOnInterrupt { Syscalls.read(fd, UnsafeMutableRawBufferPointer(rebasing: all[offset...]), at: offset) }
            }
            guard case .success(let count) = result, count > 0 else { return nil }
            offset += count
        }
        return Self.decode(bytes)
    }

    /// Writes `bytes` into a new file `name` and `fsync`s it; the errno of the call that failed.
    private func writeSynced(_ bytes: [UInt8], to name: String) -> Result<Void, Errno> {
        Syscalls.retryingOnInterrupt { Syscalls.open(in: descriptor, name, O_WRONLY | O_CREAT | O_EXCL, mode: 0o600) }
            .flatMap { fd in
                defer { _ = Syscalls.close(fd) }
                return bytes.withUnsafeBytes { Syscalls.writeAll(fd, $0) }.flatMap { Syscalls.fsync(fd) }
            }
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
