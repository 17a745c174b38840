#!/usr/bin/env python3
"""The time benchmark's receiver: one NMEA stream written to a pty (gps reads it) and to a
loopback TCP connection (gpsd reads it: gpsd ships no time from a pty) at the same moments.

Each second's epoch starts DELAY ms after the second by the system clock and is trickled at
9600 bit/s, a byte at a time as a UART sends it (1.04 ms a byte), its GGA first and of a varying
length as real receivers send it (altitude digits, satellite count, DGPS age and station). The system time just
before each epoch's first write is logged to FIRSTBYTES as "SECOND TIME".

    feed.py LINK PORT SECONDS DELAY_MS FIRSTBYTES
"""
import os, random, socket, sys, time, tty
from functools import reduce

link, port, seconds, delay, log = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]) / 1000, sys.argv[5]
master, slave = os.openpty()
tty.setraw(slave)
if os.path.lexists(link):
    os.unlink(link)
os.symlink(os.ttyname(slave), link)
os.chmod(os.ttyname(slave), 0o666)
listener = socket.create_server(("127.0.0.1", port))
connection, _ = listener.accept()
connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
random.seed(16)

def sentence(body):
    return "$%s*%02X\r\n" % (body, reduce(lambda a, c: a ^ ord(c), body, 0))

def epoch(second):
    t = time.gmtime(second)
    hms, dmy = time.strftime("%H%M%S", t) + ".00", time.strftime("%d%m%y", t)
    satellites = random.randint(4, 12)
    altitude = random.choice(["%.1f" % random.uniform(1, 9), "%.1f" % random.uniform(10, 999), "%.2f" % random.uniform(1000, 4000)])
    dgps = random.random() < 0.5
    gga = "GPGGA,%s,4807.%04d,N,01131.%04d,E,%d,%02d,%.1f,%s,M,%.1f,M,%s,%s" % (
        hms, random.randint(0, 9999), random.randint(0, 9999), 2 if dgps else 1, satellites,
        random.uniform(0.5, 9.9), altitude, random.uniform(-30, 50),
        "%.1f" % random.uniform(0, 30) if dgps else "", "%04d" % random.randint(0, 1023) if dgps else "")
    used = ",".join("%02d" % p for p in range(1, satellites + 1)) + "," * (12 - satellites)
    lines = [gga, "GPGSA,A,3,%s,1.8,0.9,1.5" % used]
    lines += ["GPGSV,3,%d,12,%02d,45,120,44,%02d,30,200,38,%02d,60,045,41,%02d,10,300,40" % (n, 4 * n - 3, 4 * n - 2, 4 * n - 1, 4 * n) for n in (1, 2, 3)]
    lines += ["GPRMC,%s,A,4807.0380,N,01131.0000,E,0.4,84.4,%s,,,A" % (hms, dmy), "GPVTG,84.4,T,,M,0.4,N,0.7,K,A"]
    return [sentence(line).encode() for line in lines]

with open(log, "w") as firstbytes:
    start = int(time.time()) + 1
    for second in range(start, start + seconds):
        lines = epoch(second)
        due = second + delay
        # Asleep until 2 ms before, then spinning: a receiver's first byte is on time, and a
        # sleep's wake-up on a busy machine is not.
        while (left := due - time.time()) > 0.002:
            time.sleep(left - 0.002)
        while time.time() < due:
            pass
        first = time.clock_gettime(time.CLOCK_REALTIME)
        for byte in b"".join(lines):
            single = bytes((byte,))
            os.write(master, single)
            connection.sendall(single)
            due += 10 / 9600
            while (left := due - time.time()) > 0:
                time.sleep(left)
        firstbytes.write("%d %.9f\n" % (second, first))
        firstbytes.flush()
