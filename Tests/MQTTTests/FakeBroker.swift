import Foundation
import Glibc
import MQTT
import TestSupport

/// A TCP server on 127.0.0.1 that plays a broker gone wrong: it accepts each connection and
/// then closes it as soon as the CONNECT has come, never says anything, accepts CONNECT but
/// never acknowledges a PUBLISH, accepts CONNECT and closes at once, or floods a SUBSCRIBE with
/// PUBLISHes before its SUBACK (keeping every byte each connection that answers CONNECT sent,
/// for `packets`).
final class FakeBroker: @unchecked Sendable {
    enum Behaviour {
        case closeAfterConnect
        case silent
        case neverAcknowledging
        /// CONNACK (accepted), then the connection closed, for the first `times` connections (a
        /// broker that takes the client in and drops it, as one does when another client takes
        /// over its client id); later ones as `.neverAcknowledging`.
        case closeAfterAccepting(times: Int)
        /// CONNACK to CONNECT; to each SUBSCRIBE, `publishes` QoS 1 PUBLISHes (packet ids from 1)
        /// of `payloadBytes` each on `topic`, then the SUBACK granting QoS 1.
        case floodBeforeSubscribeAcknowledgement(publishes: Int, payloadBytes: Int, topic: String)
    }

    let port: UInt16
    private let listener: CInt
    private let thread: Thread
    private let accepted = Accepted()

    /// The descriptors accepted and what each connection sent, under a lock of their own.
    private final class Accepted: @unchecked Sendable {
        private let lock = NSLock()
        private var open: [CInt] = []
        private var read: [CInt] = []
        private var total = 0
        private var instants: [ContinuousClock.Instant] = []
        private var received: [[UInt8]] = []

        func count(_ fd: CInt, keepingOpen: Bool) {
            lock.withLock {
                total += 1
                instants.append(.now)
                if keepingOpen { open.append(fd) }
            }
        }

        /// A connection whose reading thread closes it; returns its index.
        func countRead(_ fd: CInt) -> Int {
            lock.withLock {
                total += 1
                instants.append(.now)
                read.append(fd)
                received.append([])
                return received.count - 1
            }
        }

        func record(_ bytes: ArraySlice<UInt8>, on connection: Int) {
            lock.withLock { received[connection] += bytes }
        }

        func finishedReading(_ fd: CInt) {
            lock.withLock { read.removeAll { $0 == fd } }
        }

        var count: Int { lock.withLock { total } }

        var acceptedAt: [ContinuousClock.Instant] { lock.withLock { instants } }

        var bytes: [[UInt8]] { lock.withLock { received } }

        /// Shuts the read connections down: their threads see the end and close them.
        func dropRead() {
            lock.withLock {
                for fd in read { shutdown(fd, Int32(SHUT_RDWR)) }
            }
        }

        func closeAll() {
            lock.withLock {
                for fd in open {
                    shutdown(fd, Int32(SHUT_RDWR))
                    close(fd)
                }
                open = []
            }
            dropRead()
        }
    }

    init(_ behaviour: Behaviour) throws {
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        listener = server
        let bound = withLoopbackAddress(port: 0) { bind(server, $0, $1) }
        guard bound == 0, Glibc.listen(server, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(server, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let log = accepted
        thread = Thread {
            while true {
                let fd = accept(server, nil, nil)
                // Stopped (shut down): only now is the listener closed, so its number cannot
                // be another test's while this thread may still accept on it.
                guard fd >= 0 else {
                    close(server)
                    return
                }
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                // A descriptor closed here is not kept: its number may soon be another test's.
                if case .neverAcknowledging = behaviour {
                    Self.answerConnectOnly(fd, connection: log.countRead(fd), log: log)
                } else if case .closeAfterAccepting(let times) = behaviour, log.count >= times {
                    Self.answerConnectOnly(fd, connection: log.countRead(fd), log: log)
                } else if case .closeAfterAccepting = behaviour {
                    log.count(fd, keepingOpen: false)
                    var buffer = [UInt8](repeating: 0, count: 256)
                    _ = read(fd, &buffer, buffer.count)
                    writeAll(fd, MQTTPacket.connectAcknowledgement(sessionPresent: false, returnCode: .accepted).encoded())
                    shutdown(fd, Int32(SHUT_RDWR))
                    close(fd)
                } else if case .floodBeforeSubscribeAcknowledgement(let count, let size, let topic) = behaviour {
                    let flood = (0..<count).flatMap { index in
                        MQTTPacket.publish(
                            MQTTMessage(topic: topic, payload: [UInt8](repeating: 0x7B, count: size)),
                            packetID: UInt16(index % 65_535 + 1), duplicate: false
                        ).encoded()
                    }
                    Self.answerFlooding(fd, flood: flood, connection: log.countRead(fd), log: log)
                } else if case .closeAfterConnect = behaviour {
                    log.count(fd, keepingOpen: false)
                    var buffer = [UInt8](repeating: 0, count: 256)
                    _ = read(fd, &buffer, buffer.count)
                    // Shut down, not only closed: a child another test spawns meanwhile may
                    // hold a copy of the descriptor.
                    shutdown(fd, Int32(SHUT_RDWR))
                    close(fd)
                } else {
                    log.count(fd, keepingOpen: true)
                }
            }
        }
        thread.start()
    }

    /// How many connections it accepted.
    var connectionCount: Int { accepted.count }

    /// When it accepted each connection, in order.
    var acceptedAt: [ContinuousClock.Instant] { accepted.acceptedAt }

    /// The packets the client sent on each `.neverAcknowledging` connection, in order.
    var packets: [[MQTTPacket]] {
        accepted.bytes.map { bytes in
            var framer = PacketFramer()
            var packets: [MQTTPacket] = []
            try? framer.append(bytes) { if case .packet(let packet) = $0 { packets.append(packet) } }
            return packets
        }
    }

    /// Ends every `.neverAcknowledging` connection open now, as a broker that went away; new
    /// ones are still accepted.
    func dropConnections() {
        accepted.dropRead()
    }

    /// Reads `fd` on a thread of its own until the client or `dropConnections` ends it: CONNACK
    /// (accepted) to the first bytes, nothing to anything after.
    private static func answerConnectOnly(_ fd: CInt, connection: Int, log: Accepted) {
        Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            var hasAnswered = false
            while true {
                let count = read(fd, &buffer, buffer.count)
                guard count > 0 else { break }
                log.record(buffer[..<count], on: connection)
                if !hasAnswered {
                    hasAnswered = true
                    let connectAcknowledgement: [UInt8] = [0x20, 0x02, 0x00, 0x00]
                    _ = write(fd, connectAcknowledgement, connectAcknowledgement.count)
                }
            }
            log.finishedReading(fd)
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }.start()
    }

    /// Reads `fd` on a thread of its own until the client or `dropConnections` ends it: CONNACK
    /// (accepted) to CONNECT, `flood` then the SUBACK (QoS 1 for every filter) to each SUBSCRIBE.
    private static func answerFlooding(_ fd: CInt, flood: [UInt8], connection: Int, log: Accepted) {
        Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            var framer = PacketFramer()
            while true {
                let count = read(fd, &buffer, buffer.count)
                guard count > 0 else { break }
                log.record(buffer[..<count], on: connection)
                var answers: [UInt8] = []
                try? framer.append(buffer[..<count]) { output in
                    switch output {
                    case .packet(.connect):
                        answers += MQTTPacket.connectAcknowledgement(sessionPresent: false, returnCode: .accepted).encoded()
                    case .packet(.subscribe(let id, let filters)):
                        answers += flood
                        answers += MQTTPacket.subscribeAcknowledgement(packetID: id, granted: filters.map { _ in .atLeastOnce }).encoded()
                    default:
                        break
                    }
                }
                if !answers.isEmpty { writeAll(fd, answers) }
            }
            log.finishedReading(fd)
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }.start()
    }

    /// Stops accepting (the accepting thread then closes the listener) and closes what is open.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        accepted.closeAll()
    }
}
