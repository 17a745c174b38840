import Foundation
import Glibc
import Locking
import Testing

/// A mosquitto broker of a test's own on 127.0.0.1: its own port, configuration, persistence
/// folder and (with `users`) password file made with `mosquitto_passwd`. `stop()` ends it
/// (SIGTERM, waited for); `start()` starts it again on the same port with the same persistence,
/// as a restarted broker. A broker left running is ended when the object goes away.
public final class Mosquitto: Sendable {
    /// mosquitto's path, when installed.
    public static let program = Subprocess.find("mosquitto")
    /// mosquitto_sub's path, when installed.
    public static let subscriber = Subprocess.find("mosquitto_sub")
    /// mosquitto_pub's path, when installed.
    public static let publisher = Subprocess.find("mosquitto_pub")
    /// Why a test that needs it skipped.
    public static let missingMessage = "mosquitto or its clients are not installed (apt-get install mosquitto mosquitto-clients)"
    /// Whether mosquitto and its clients are installed.
    public static var isInstalled: Bool { program != nil && subscriber != nil && publisher != nil }

    /// The port it listens on.
    public let port: UInt16
    /// Its folder: configuration, persistence, password file, log.
    public let directory: String
    private let process = LockedState<Spawned?>(nil)
    private let users: [String: String]

    /// A broker, not yet started.
    ///
    /// - Parameter users: User names and passwords; none means anonymous clients are allowed.
    public init(users: [String: String] = [:]) throws {
        port = freeLoopbackPort()
        self.users = users
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("mosquitto-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var configuration = """
            listener \(port) 127.0.0.1
            user root
            persistence true
            persistence_location \(directory)/
            autosave_interval 1
            log_dest file \(directory)/mosquitto.log
            max_queued_messages 100000

            """
        if users.isEmpty {
            configuration += "allow_anonymous true\n"
        } else {
            configuration += "allow_anonymous false\npassword_file \(directory)/passwd\n"
        }
        try configuration.write(toFile: "\(directory)/mosquitto.conf", atomically: true, encoding: .utf8)
    }

    deinit {
        process.withLock { $0?.signal(SIGTERM) }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Starts the broker and waits until it accepts connections.
    public func start() async throws {
        try await writePasswordFile()
        let spawned = try Spawned(try requireProgram(), ["-c", "\(directory)/mosquitto.conf"], mergingStandardError: true)
        process.withLock { $0 = spawned }
        // Generous: a loaded machine, or a sanitizer, starts it late.
        guard await eventually("mosquitto accepts connections", { Self.accepts(port) }) else { throw POSIXError(.ETIMEDOUT) }
    }

    /// Stops the broker (SIGTERM) and waits for it to exit.
    public func stop() async {
        guard let spawned = process.withLock({ state in defer { state = nil }; return state }) else { return }
        spawned.signal(SIGTERM)
        await spawned.waitForExit(timeout: .seconds(10))
    }

    /// `mqtt://127.0.0.1:PORT/topic`, with `user:password@` when given.
    public func url(_ topic: String, user: String? = nil, password: String? = nil) -> String {
        let credentials = user.map { "\($0):\(password ?? "")@" } ?? ""
        return "mqtt://\(credentials)127.0.0.1:\(port)/\(topic)"
    }

    /// Starts `mosquitto_sub` on `filter` (QoS 1, each message as `topic payload`); with
    /// `clientID`, in a persistent session the broker keeps while it is away.
    public func subscribe(_ filter: String, clientID: String? = nil, user: String? = nil, password: String? = nil) throws -> Spawned {
        var arguments = ["-h", "127.0.0.1", "-p", String(port), "-t", filter, "-v", "-q", "1"]
        if let clientID { arguments += ["-c", "-i", clientID] }
        if let user { arguments += ["-u", user, "-P", password ?? ""] }
        return try Spawned(Self.subscriber ?? "/usr/bin/mosquitto_sub", arguments)
    }

    /// Starts `mosquitto_sub` on `filter` as `subscribe` does, and returns once the broker
    /// delivers to it: `probeTopic subscribed` (`probeTopic` must match `filter`) is published
    /// every 200 ms until the subscriber prints it, so its output begins with one or more of
    /// these lines. An event to wait on, where a fixed wait would guess how long a loaded
    /// machine takes to subscribe.
    ///
    /// - Throws: `POSIXError(.ETIMEDOUT)` when the subscriber got nothing within 30 s (an issue
    ///   recorded), or what starting a program throws.
    public func subscribed(_ filter: String, probing probeTopic: String, clientID: String? = nil) async throws -> Spawned {
        let subscriber = try subscribe(filter, clientID: clientID)
        let probe = "\(probeTopic) subscribed"
        var lastProbe: ContinuousClock.Instant?
        let delivered = try await eventually("mosquitto_sub on \(filter) gets messages", pollingLimit: .milliseconds(50)) {
            if subscriber.output.contains(probe) { return true }
            if lastProbe.map({ ContinuousClock.now - $0 >= .milliseconds(200) }) ?? true {
                lastProbe = ContinuousClock.now
                try await publish(probeTopic, payload: "subscribed")
            }
            return false
        }
        guard delivered else { throw POSIXError(.ETIMEDOUT) }
        return subscriber
    }

    /// The first message on `filter` for a subscriber that comes now (a retained one at once), or
    /// none within `seconds`: `mosquitto_sub -C 1 -W seconds`, its payload (status 0) or nothing.
    public func firstMessage(_ filter: String, waitingAtMost seconds: Int) async throws -> Subprocess {
        try await Subprocess.run(
            Self.subscriber ?? "/usr/bin/mosquitto_sub",
            ["-h", "127.0.0.1", "-p", String(port), "-t", filter, "-C", "1", "-W", String(seconds)],
            timeout: .seconds(seconds + 10))
    }

    /// Publishes `payload` on `topic` with `mosquitto_pub` (`-s`: from standard input for large ones).
    public func publish(_ topic: String, payload: String, retain: Bool = false) async throws {
        var arguments = ["-h", "127.0.0.1", "-p", String(port), "-t", topic, "-q", "1", "-m", payload]
        if retain { arguments.append("-r") }
        _ = try await Subprocess.run(Self.publisher ?? "/usr/bin/mosquitto_pub", arguments)
    }

    /// Publishes a file's bytes on `topic` (`mosquitto_pub -f`).
    public func publish(_ topic: String, file: String) async throws {
        _ = try await Subprocess.run(
            Self.publisher ?? "/usr/bin/mosquitto_pub", ["-h", "127.0.0.1", "-p", String(port), "-t", topic, "-q", "1", "-f", file])
    }

    /// The password file of `users`, made with `mosquitto_passwd` before the first start (awaited,
    /// not waited for on the cooperative pool).
    private func writePasswordFile() async throws {
        let file = "\(directory)/passwd"
        guard !users.isEmpty, !FileManager.default.fileExists(atPath: file) else { return }
        let program = Subprocess.find("mosquitto_passwd") ?? "/usr/bin/mosquitto_passwd"
        let made = "\(file).new"
        _ = FileManager.default.createFile(atPath: made, contents: Data())
        for (user, password) in users.sorted(by: { $0.key < $1.key }) {
            _ = try await Subprocess.run(program, ["-b", made, user, password])
        }
        try FileManager.default.moveItem(atPath: made, toPath: file)
    }

    private func requireProgram() throws -> String {
        guard let program = Self.program else { throw POSIXError(.ENOENT) }
        return program
    }

    private static func accepts(_ port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return withLoopbackAddress(port: port) { connect(fd, $0, $1) == 0 }
    }
}
