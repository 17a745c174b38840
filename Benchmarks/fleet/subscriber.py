#!/usr/bin/env python3
"""A minimal MQTT 3.1.1 subscriber for fleet-bench: subscribes to a filter at QoS 0 and, for SECONDS,
records each message's arrival against its publisher's "sent" stamp (OwnTracks extras, ms since 1970).
Prints: messages, messages/s, latency p50/p99/max in ms, and per publisher any seq gap or reorder.
    subscriber.py PORT FILTER SECONDS READY_FILE
"""
import json, socket, struct, sys, time

port, topic_filter, seconds, ready = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), sys.argv[4]

def string(text):
    data = text.encode()
    return struct.pack("!H", len(data)) + data

def packet(kind, body):
    length, encoded = len(body), b""
    while True:
        byte, length = length % 128, length // 128
        encoded += bytes([byte | (0x80 if length else 0)])
        if not length:
            return bytes([kind]) + encoded + body

sock = socket.create_connection(("127.0.0.1", port))
sock.sendall(packet(0x10, string("MQTT") + bytes([4, 2]) + struct.pack("!H", 60) + string("fleet-bench-reader")))
sock.sendall(packet(0x82, struct.pack("!H", 1) + string(topic_filter) + bytes([0])))
buffer, latencies, last_seq, gaps, reorders, started = b"", [], {}, 0, 0, None
deadline = None
while True:
    if deadline is not None:
        remaining = deadline - time.time()
        if remaining <= 0:
            break
        sock.settimeout(remaining)
    try:
        chunk = sock.recv(65536)
    except socket.timeout:
        break
    if not chunk:
        break
    now = time.time() * 1000
    buffer += chunk
    while len(buffer) >= 2:
        multiplier, length, index = 1, 0, 1
        while index < len(buffer):
            length += (buffer[index] & 0x7F) * multiplier
            multiplier *= 128
            index += 1
            if buffer[index - 1] & 0x80 == 0:
                break
        else:
            break
        if len(buffer) < index + length:
            break
        kind, body, buffer = buffer[0] >> 4, buffer[index:index + length], buffer[index + length:]
        if kind == 9 and deadline is None:  # SUBACK: counting starts
            open(ready, "w").close()
            deadline = time.time() + seconds
            started = time.time()
        if kind != 3 or started is None:
            continue
        topic_length = struct.unpack("!H", body[:2])[0]
        topic, payload = body[2:2 + topic_length].decode(), body[2 + topic_length:]
        try:
            message = json.loads(payload)
        except ValueError:
            continue
        if "sent" in message:
            latencies.append(now - message["sent"])
        seq = message.get("seq")
        if seq is not None:
            previous = last_seq.get(topic)
            if previous is not None and seq != previous + 1:
                if seq <= previous:
                    reorders += 1
                else:
                    gaps += seq - previous - 1
            last_seq[topic] = seq
latencies.sort()
def percentile(p):
    return latencies[min(len(latencies) - 1, int(len(latencies) * p))] if latencies else float("nan")
count = len(latencies)
print(f"subscriber: {count} messages from {len(last_seq)} publishers in {seconds:.0f} s = {count / seconds:.1f} msg/s; "
      f"latency p50 {percentile(0.50):.2f} ms, p99 {percentile(0.99):.2f} ms, max {latencies[-1] if latencies else 0:.2f} ms; "
      f"{gaps} missing, {reorders} out of order")
