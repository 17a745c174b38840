#!/usr/bin/env python3
"""NTRIP benchmark for gps (see ntrip-bench): latency from a caster's frame to the receiver,
CPU and memory of `gps read --ntrip` against `gps read`, and `gps serve --caster` with many clients.

Everything runs on loopback: a caster and a receiver (a pseudo-terminal) written here, `gps` as built.
The traffic is a 1 Hz MSM7 base: 1077, 1087, 1097 and 1127 each second (about 1.5 KB), 1005 and
1230 every 10 s, each frame numbered in its payload so its arrival is matched to its sending.
"""
import os
import selectors
import socket
import statistics
import subprocess
import sys
import threading
import time
import tty

TABLE = []
for value in range(256):
    crc = value << 16
    for _ in range(8):
        crc <<= 1
        if crc & 0x1000000:
            crc ^= 0x1864CFB
    TABLE.append(crc & 0xFFFFFF)


def crc24q(data):
    crc = 0
    for byte in data:
        crc = ((crc << 8) & 0xFFFFFF) ^ TABLE[(crc >> 16) ^ byte]
    return crc


def frame(number, length, sequence):
    """An RTCM 3 frame of message `number`, `length` payload bytes, carrying `sequence`."""
    payload = bytes([number >> 4, (number & 0xF) << 4]) + sequence.to_bytes(4, "big")
    payload += bytes((i * 37) & 0xFF for i in range(length - len(payload)))
    head = bytes([0xD3, length >> 8, length & 0xFF]) + payload
    return head + crc24q(head).to_bytes(3, "big")


def epoch(second, sequence):
    """The frames of one second of a 1 Hz MSM7 base, numbered from `sequence`."""
    kinds = [(1077, 420), (1087, 330), (1097, 380), (1127, 360)]
    if second % 10 == 0:
        kinds = [(1005, 19), (1230, 8)] + kinds
    return [(sequence + i, frame(number, length, sequence + i)) for i, (number, length) in enumerate(kinds)]


def frames_in(buffer):
    """(sequences of whole frames, bytes left) in `buffer`, which starts at a frame or garbage."""
    found = []
    while True:
        start = buffer.find(b"\xd3")
        if start < 0:
            return found, b""
        buffer = buffer[start:]
        if len(buffer) < 6:
            return found, buffer
        length = ((buffer[1] & 3) << 8) | buffer[2]
        if len(buffer) < length + 6:
            return found, buffer
        whole = buffer[:length + 6]
        if crc24q(whole[:-3]) == int.from_bytes(whole[-3:], "big") and length >= 6:
            found.append(int.from_bytes(whole[5:9], "big"))
            buffer = buffer[length + 6:]
        else:
            buffer = buffer[1:]


GGA = b"$GNGGA,100005.00,4808.24478,N,01134.53120,E,1,09,1.0,519.4,M,47.0,M,,*"


def nmea():
    body = GGA[1:-1]
    checksum = 0
    for byte in body:
        checksum ^= byte
    return GGA + b"%02X\r\n" % checksum


class Receiver:
    """A pseudo-terminal the program opens as its receiver: one GGA a second from us, and the
    frames the program writes to it, each stamped when its last byte is read."""

    def __init__(self):
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.arrivals = {}
        self.running = True
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        pending = b""
        while self.running:
            ready, _, _ = select_read([self.master], 0.2)
            if not ready:
                continue
            pending += os.read(self.master, 65536)
            now = time.monotonic()
            found, pending = frames_in(pending)
            for sequence in found:
                self.arrivals.setdefault(sequence, now)

    def talk(self, bytes_):
        os.write(self.master, bytes_)


def select_read(fds, timeout):
    import select
    return select.select(fds, [], [], timeout)


class Caster:
    """An NTRIP 1.0 caster on loopback serving the MSM7 base to its one client, stamping each
    frame when `sendall` returned."""

    def __init__(self):
        self.server = socket.socket()
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(4)
        self.port = self.server.getsockname()[1]
        self.sent = {}
        self.running = True
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        client, _ = self.server.accept()
        head = b""
        while b"\r\n\r\n" not in head:
            head += client.recv(4096)
        client.sendall(b"ICY 200 OK\r\n")
        threading.Thread(target=lambda: [client.recv(4096) for _ in iter(int, 1)], daemon=True).start()
        second, sequence, due = 0, 0, time.monotonic()
        while self.running:
            for number, data in epoch(second, sequence):
                try:
                    client.sendall(data)
                except OSError:  # the client went away: the run is over
                    return
                self.sent[number] = time.monotonic()
            sequence += 6
            second += 1
            due += 1
            time.sleep(max(0, due - time.monotonic()))


def usage(pid):
    """(CPU seconds, RSS in KB) of a process."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    with open(f"/proc/{pid}/status") as f:
        rss = next(int(line.split()[1]) for line in f if line.startswith("VmRSS"))
    return (int(fields[11]) + int(fields[12])) / ticks, rss


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


def talk_nmea(receiver, seconds):
    for _ in range(seconds):
        receiver.talk(nmea())
        time.sleep(1)


def read_run(gps, seconds, ntrip):
    receiver = Receiver()
    arguments = [gps, "read", receiver.path]
    caster = None
    if ntrip:
        caster = Caster()
        arguments += ["--ntrip", f"ntrip://127.0.0.1:{caster.port}/BENCH"]
    process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    talk_nmea(receiver, 3)
    cpu0, _ = usage(process.pid)
    talk_nmea(receiver, seconds)
    cpu1, rss = usage(process.pid)
    end = time.monotonic()
    process.terminate()
    process.wait()
    receiver.running = False
    if caster:
        caster.running = False
    latencies = []
    if caster:
        sent = dict(caster.sent)
        for sequence, at in sent.items():
            if sequence in receiver.arrivals:
                latencies.append((receiver.arrivals[sequence] - at) * 1000)
        # Missing: sent once the receiver was open (its first arrival) and a second before the end.
        first = min(receiver.arrivals.values(), default=end)
        missing = sum(1 for sequence, at in sent.items() if first <= at < end - 1 and sequence not in receiver.arrivals)
        return (cpu1 - cpu0) / seconds * 100, rss / 1024, latencies, missing
    return (cpu1 - cpu0) / seconds * 100, rss / 1024, [], 0


def caster_run(gps, seconds, clients):
    receiver = Receiver()
    port = 20000 + os.getpid() % 10000
    process = subprocess.Popen(
        [gps, "serve", receiver.path, "--listen", f"127.0.0.1:{port + 1}", "--caster", f"127.0.0.1:{port}/BASE"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(2)
    selector = selectors.DefaultSelector()
    readers = []
    for _ in range(clients):
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(b"GET /BASE HTTP/1.0\r\nUser-Agent: NTRIP bench\r\n\r\n")
        sock.setblocking(False)
        state = {"sock": sock, "pending": b"", "arrivals": {}}
        selector.register(sock, selectors.EVENT_READ, state)
        readers.append(state)
    stalled = socket.socket()
    stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stalled.connect(("127.0.0.1", port))
    stalled.sendall(b"GET /BASE HTTP/1.0\r\n\r\n")
    time.sleep(1)
    sent = {}
    stop = time.monotonic() + seconds

    def base():
        second, sequence, due = 0, 0, time.monotonic()
        while time.monotonic() < stop:
            frames = epoch(second, sequence)
            now = time.monotonic()
            for number, _ in frames:
                sent[number] = now
            receiver.talk(b"".join(data for _, data in frames) + nmea())
            sequence += 6
            second += 1
            due += 1
            time.sleep(max(0, due - time.monotonic()))

    cpu0, _ = usage(process.pid)
    threading.Thread(target=base, daemon=True).start()
    while time.monotonic() < stop + 1:
        for key, _ in selector.select(0.2):
            state = key.data
            try:
                data = state["sock"].recv(65536)
            except BlockingIOError:
                continue
            now = time.monotonic()
            state["pending"] += data
            found, state["pending"] = frames_in(state["pending"])
            for sequence in found:
                state["arrivals"].setdefault(sequence, now)
    cpu1, rss = usage(process.pid)
    process.terminate()
    process.wait()
    receiver.running = False
    latencies, missing = [], 0
    for state in readers:
        for sequence, at in sent.items():
            if sequence in state["arrivals"]:
                latencies.append((state["arrivals"][sequence] - at) * 1000)
            else:
                missing += 1
    return (cpu1 - cpu0) / seconds * 100, rss / 1024, latencies, missing


def main():
    gps = sys.argv[1]
    seconds = int(sys.argv[2])
    clients = int(sys.argv[3])
    cpu, rss, latencies, missing = read_run(gps, seconds, ntrip=True)
    print(f"gps read --ntrip: {len(latencies)} frames, latency p50 {percentile(latencies, 0.5):.2f} ms, "
          f"p99 {percentile(latencies, 0.99):.2f} ms, max {max(latencies or [float('nan')]):.2f} ms, {missing} missing; "
          f"CPU {cpu:.2f} % of a core, RSS {rss:.1f} MB")
    cpu, rss, _, _ = read_run(gps, seconds, ntrip=False)
    print(f"gps read:         CPU {cpu:.2f} % of a core, RSS {rss:.1f} MB")
    cpu, rss, latencies, missing = caster_run(gps, seconds, clients)
    print(f"gps serve --caster, {clients} clients and 1 stalled: latency p50 {percentile(latencies, 0.5):.2f} ms, "
          f"p99 {percentile(latencies, 0.99):.2f} ms, max {max(latencies or [float('nan')]):.2f} ms, {missing} missing; "
          f"CPU {cpu:.2f} % of a core ({cpu / clients:.3f} % per client), RSS {rss:.1f} MB")


if __name__ == "__main__":
    main()
