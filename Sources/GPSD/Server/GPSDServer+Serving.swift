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
            var fds = [pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: listenerPausedUntil == nil ? listener : -1, events: Int16(POLLIN), revents: 0)]
            let stopping = state.withLock { state in
                for (fd, client) in state.clients {
                    let events = POLLIN | (client.output.isEmpty ? 0 : POLLOUT)
                    fds.append(pollfd(fd: fd, events: Int16(events), revents: 0))
                }
                return state.isStopping
            }
            if stopping { break }
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
            guard case .ready = waited, !state.withLock({ $0.isStopping }) else { break }
            if fds[0].revents != 0 { wake.drain() }
            if fds[1].revents != 0, !acceptClients() { listenerPausedUntil = ContinuousClock.now.advanced(by: .seconds(1)) }
            for entry in fds.dropFirst(2) where entry.revents != 0 {
                serviceClient(entry.fd, events: entry.revents, input: &input)
            }
            dropFailedClients()
        }
        shutDown()
    }

    /// Accepts every waiting connection; false when `accept` failed for another reason than
    /// having none left.
    private func acceptClients() -> Bool {
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
            log("gpsd server: client \(number) connected")
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
        let outcome = state.withLock { state in
            state.clients[fd] == nil ? .sent : Self.flush(&state.clients[fd]!)
        }
        if outcome == .failed { disconnect(fd, reason: "disconnected") }
    }

    private func handleRequests(_ fd: CInt, _ bytes: ArraySlice<UInt8>) {
        state.withLock { state in
            // Out of the table while it changes, so its queue is not copied.
            guard var client = state.clients.removeValue(forKey: fd) else { return }
            var writer = GPSDJSONWriter(capacity: 512)
            client.requests.append(bytes) { request in
                answer(request, policy: &client.policy, state: state, into: &writer)
            }
            client.send(writer.bytes)
            state.clients[fd] = client
        }
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
            if policy.enable, !policy.watches(device.path) {
                // gpsd's answer when the device named is not one it has: nothing streams.
                writer.writeError("No such device as \(policy.device ?? "")")
                return
            }
            if change.enable == true { writer.writeDevices([device]) }
            writer.write(policy)
        case .success(.poll):
            writer.writePoll(
                time: Date(), active: state.lastTPV == nil ? 0 : 1,
                tpv: state.lastTPV.map { [$0] } ?? [], sky: state.lastSKY.map { [$0] } ?? [])
        case .success(.devices):
            writer.writeDevices([device])
        case .success(.device):
            writer.write(device)
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
        log("gpsd server: client \(number) \(reason)")
        state.withLock { _ = $0.clients.removeValue(forKey: fd) }
        _ = Syscalls.close(fd)
    }

    /// Disconnects every client and closes the listener, once: the serving task and `stop()`
    /// may both get here.
    func shutDown() {
        let fds: [CInt]? = state.withLock { state in
            guard !state.isShutDown else { return nil }
            state.isShutDown = true
            defer { state.clients.removeAll() }
            return Array(state.clients.keys)
        }
        guard let fds else { return }
        for fd in fds { _ = Syscalls.close(fd) }
        _ = Syscalls.close(listener)
    }
}
