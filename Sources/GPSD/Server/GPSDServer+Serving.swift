import FoundationEssentials
import Glibc
import POSIXSupport

extension GPSDServer {
    /// The serving loop, waiting on the `EventLoop`: accepts, reads requests, sends what is
    /// queued, drops the overrun.
    func serve() async {
        var input = [UInt8](repeating: 0, count: 4096)
        // After accept fails (EMFILE: out of descriptors) the listener stays readable: it is
        // left out of the poll for a second rather than spun on.
        var listenerPausedUntil: ContinuousClock.Instant?
        while true {
            if let until = listenerPausedUntil, ContinuousClock.now >= until { listenerPausedUntil = nil }
            var fds = [pollfd(fd: service.wake.readEnd, events: Int16(POLLIN), revents: 0)]
            for listener in listeners {
                fds.append(pollfd(fd: listenerPausedUntil == nil ? listener : -1, events: Int16(POLLIN), revents: 0))
            }
            state.withLock { state in
                for (fd, client) in state.clients {
                    // A held client is not read until its answers fit (hang-ups are reported anyway).
                    let events = (client.isHeld ? 0 : POLLIN) | (client.output.isEmpty ? 0 : POLLOUT)
                    fds.append(pollfd(fd: fd, events: Int16(events), revents: 0))
                }
            }
            if service.isStopping { break }
            let waited = await EventLoop.shared.wait(for: fds, until: listenerPausedUntil)
            switch waited {
            case .ready(let revents):
                for index in fds.indices { fds[index].revents = revents[index] }
            case .timedOut:
                continue
            case .cancelled:
                break
            case .failed(let errno):
                log("gpsd server: poll failed: \(errno.description); stopping")
            }
            // Stopped while waiting (from the loop's own thread, which closed the descriptors
            // already): nothing polled is ours any more.
            guard case .ready = waited, !service.isStopping else { break }
            if fds[0].revents != 0 { service.wake.drain() }
            for (index, listener) in listeners.enumerated() where fds[1 + index].revents != 0 {
                if !acceptClients(on: listener) { listenerPausedUntil = ContinuousClock.now.advanced(by: .seconds(1)) }
            }
            for entry in fds.dropFirst(1 + listeners.count) where entry.revents != 0 {
                serviceClient(entry.fd, events: entry.revents, input: &input)
            }
            dropFailedClients()
        }
        shutDown()
    }

    /// Accepts every waiting connection; false when `accept` failed for another reason than
    /// having none left.
    private func acceptClients(on listener: CInt) -> Bool {
        while true {
            let fd: CInt
            switch Syscalls.retryingOnInterrupt({ Syscalls.accept(listener) }) {
            case .success(let accepted): fd = accepted
            case .failure(.EAGAIN): return true
            case .failure(let errno):
                log("gpsd server: cannot accept a client: \(errno.description)")
                return false
            }
            // Without a cap the kernel would buffer megabytes for a client that stops reading.
            _ = Syscalls.limitSendBuffer(fd, bytes: queueLimit)
            var greeting = GPSDJSONWriter(capacity: 128)
            greeting.writeVersion()
            let number = state.withLock { state in
                state.connections += 1
                var client = ClientConnection(number: state.connections, fd: fd, queueLimit: queueLimit)
                client.send(greeting.bytes)
                _ = Self.flush(&client)
                state.clients[fd] = client
                return state.connections
            }
            logClientLine("gpsd server: client \(number) connected")
        }
    }

    private func serviceClient(_ fd: CInt, events: Int16, input: inout [UInt8]) {
        if events & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            let result = input.withUnsafeMutableBytes { buffer in
                Syscalls.retryingOnInterrupt { Syscalls.read(fd, buffer) }
            }
            switch result {
            case .success(0), .failure:
                disconnect(fd, reason: "disconnected")
                return
            case .success(let count):
                handleRequests(fd, input[..<count])
            }
        }
        let outcome = state.withLock { state -> FlushOutcome in
            guard var client = state.clients.removeValue(forKey: fd) else { return .sent }
            var outcome = Self.flush(&client)
            // Room was made: the requests held for it are answered now, and what fits is sent,
            // until the socket takes no more (a held client with nothing queued would wait
            // for an event that never comes).
            while outcome != .failed, client.isHeld {
                answerPending(&client, state: state)
                outcome = Self.flush(&client)
                if outcome != .sent { break }
            }
            state.clients[fd] = client
            return outcome
        }
        if outcome == .failed { disconnect(fd, reason: "disconnected") }
    }

    private func handleRequests(_ fd: CInt, _ bytes: ArraySlice<UInt8>) {
        state.withLock { state in
            // Out of the table while it changes, so its queue is not copied.
            guard var client = state.clients.removeValue(forKey: fd) else { return }
            client.pendingInput.append(contentsOf: bytes)
            answerPending(&client, state: state)
            state.clients[fd] = client
        }
    }

    /// Answers the client's pending requests in order while each answer fits in its queue; the
    /// first that does not is held, with the requests after it, until the queue has room. An
    /// answer larger than the whole queue gets an ERROR instead.
    private func answerPending(_ client: inout ClientConnection, state: State) {
        if let held = client.heldAnswer {
            guard client.output.canTake(held.count) else { return }
            client.send(held)
            client.heldAnswer = nil
        }
        guard !client.pendingInput.isEmpty, !client.isOverrun else { return }
        // Taken out of the client while the framer runs: the answers change them as it goes.
        var requests = client.requests
        var policy = client.policy
        var output = client.output
        client.output = OutputQueue(limit: queueLimit)
        defer {
            client.requests = requests
            client.policy = policy
            client.output = output
        }
        var held: [UInt8]?
        let taken = requests.append(client.pendingInput) { request in
            var writer = GPSDJSONWriter(capacity: 512)
            answer(request, policy: &policy, state: state, into: &writer)
            if output.append(writer.bytes) { return true }
            if writer.bytes.count > queueLimit {
                var error = GPSDJSONWriter(capacity: 128)
                error.writeError("The answer (\(writer.bytes.count) bytes) is longer than this client's queue (\(queueLimit) bytes)")
                held = error.bytes
            } else {
                held = writer.bytes
            }
            return false
        }
        client.heldAnswer = held
        client.pendingInput.removeFirst(taken)
    }

    /// Logs a line about one client, ten a minute at most (`LogThrottle`).
    private func logClientLine(_ line: String) {
        for admitted in state.withLock({ $0.clientLines.admit(line) }) { log(admitted) }
    }

    /// Writes the answer to one request, as gpsd answers it.
    private func answer(
        _ request: Result<GPSDRequest, GPSDRequestError>, policy: inout WatchPolicy, state: State,
        into writer: inout GPSDJSONWriter
    ) {
        switch request {
        case .failure(let error):
            writer.writeError(error.description)
        case .success(.watch(let change)):
            policy = change.applied(to: policy)
            if policy.enable, let path = policy.device, !state.devices.contains(path) {
                // gpsd's answer when the device named is not one it has: nothing streams.
                writer.writeError("No such device as \(path)")
                return
            }
            if change.enable == true { writer.writeDevices(state.devices.devices) }
            writer.write(policy)
        case .success(.poll):
            let watched = state.devices.entries.filter { policy.watches($0.device.path) }
            writer.writePoll(
                time: Date(), active: watched.count { $0.lastTPV != nil },
                tpv: watched.compactMap(\.lastTPV), sky: watched.compactMap(\.lastSKY))
        case .success(.devices):
            writer.writeDevices(state.devices.devices)
        case .success(.device):
            // gpsd's answers: the one device, or the one watched; with none or several, an ERROR.
            let devices = state.devices.devices
            if let only = devices.first(where: { $0.path == policy.device }) ?? (devices.count == 1 ? devices.first : nil) {
                writer.write(only)
            } else if devices.isEmpty {
                writer.writeError("Can't perform DEVICE configuration, no devices attached.")
            } else {
                writer.writeError("No path specified in DEVICE, but multiple devices are attached.")
            }
        case .success(.version):
            writer.writeVersion()
        }
    }

    private func dropFailedClients() {
        let overrun = state.withLock { state in state.clients.values.filter(\.isOverrun).map(\.fd) }
        for fd in overrun {
            disconnect(fd, reason: "dropped: it fell more than \(queueLimit) bytes behind")
        }
    }

    private func disconnect(_ fd: CInt, reason: String) {
        guard let number = state.withLock({ $0.clients[fd]?.number }) else { return }
        // Logged before the client is gone, so that whoever sees it gone also sees why.
        logClientLine("gpsd server: client \(number) \(reason)")
        state.withLock { _ = $0.clients.removeValue(forKey: fd) }
        _ = Syscalls.close(fd)
    }

    /// Disconnects every client and closes the listeners, once, as the serving task ends.
    func shutDown() {
        let fds: [CInt]? = state.withLock { state in
            guard !state.isShutDown else { return nil }
            state.isShutDown = true
            defer { state.clients.removeAll() }
            return Array(state.clients.keys)
        }
        guard let fds else { return }
        for fd in fds { _ = Syscalls.close(fd) }
        for listener in listeners { _ = Syscalls.close(listener) }
    }
}
