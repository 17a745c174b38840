#!/usr/bin/env python3
"""The time benchmark's figures, from chronyd's refclocks.log and the feeder's first bytes:
per refclock, the raw samples, their mean offset and standard deviation, and how long after
the epoch's first byte was written each sample's system time was taken.

    offsets.py REFCLOCKS_LOG FIRSTBYTES SECONDS

The samples of the first 5 epochs are left out: both readers join a stream already running.
"""
import calendar, statistics, sys, time

log, firstbytes, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3])
warmup = 5
first = {int(s): float(t) for s, t in (line.split() for line in open(firstbytes))}
samples = {"GPS": [], "GPSD": []}
for line in open(log):
    columns = line.split()
    # Raw samples have a raw offset; the filtered ones chronyd logs at each poll have "-".
    if len(columns) < 9 or columns[2] not in samples or columns[6] == "-":
        continue
    day, clock = columns[0], columns[1]
    whole, _, fraction = clock.partition(".")
    stamp = calendar.timegm(time.strptime(day + " " + whole, "%Y-%m-%d %H:%M:%S")) + float("0." + fraction)
    offset = float(columns[6])
    # The second the sample names is the stamp plus the offset, rounded.
    second = round(stamp + offset)
    # The first epochs are the start: gpsd and gps both join a stream already running.
    if second < min(first) + warmup:
        continue
    samples[columns[2]].append((offset, stamp - first[second] if second in first else None, second))

delays = [first[s] - s for s in first]
print("epochs: %d in %d s, first byte %.3f ms after the second on average (std dev %.3f ms); samples of the first %d s left out"
      % (len(first), seconds, 1000 * statistics.mean(delays), 1000 * statistics.stdev(delays), warmup))
deviation, lateness = {}, {}
for name, label in (("GPS", "gps serve --chrony"), ("GPSD", "gpsd 3.22 (SHM 0)")):
    offsets = [o for o, _, _ in samples[name]]
    lags = [l for _, l, _ in samples[name] if l is not None]
    if len(offsets) < 2:
        print("%-20s %d samples" % (label + ":", len(offsets)))
        continue
    deviation[name] = statistics.stdev(offsets)
    lateness[name] = statistics.stdev(lags)
    print("%-20s %4d samples, mean offset %8.3f ms, std dev %7.3f ms; stamped %8.3f ms after the first byte (std dev %.3f ms)"
          % (label + ":", len(offsets), 1000 * statistics.mean(offsets), 1000 * deviation[name], 1000 * statistics.mean(lags),
             1000 * statistics.stdev(lags)))
    ordered = sorted(lags)
    print("%-20s stamp after the first byte: median %.3f ms, 90th percentile %.3f ms, largest %.3f ms"
          % ("", 1000 * ordered[len(ordered) // 2], 1000 * ordered[len(ordered) * 9 // 10], 1000 * ordered[-1]))
if "GPS" in deviation and deviation.get("GPSD"):
    print("ratio:               std dev %.3fx gpsd's (of the offsets, the feeder's own jitter included); "
          "%.3fx (of the stamps after the first byte: the readers' own)" % (deviation["GPS"] / deviation["GPSD"], lateness["GPS"] / lateness["GPSD"]))

# A second where both were stamped 20 ms or more later than usual is the machine's stall (the
# shared VM's other work), not either reader's: the figures without those seconds, labelled so.
lag = {name: {second: l for _, l, second in samples[name] if l is not None} for name in samples}
if all(len(lag[name]) > 2 for name in lag):
    usual = {name: statistics.median(lag[name].values()) for name in lag}
    stalled = {second for second in lag["GPS"] if second in lag["GPSD"]
               and all(lag[name][second] - usual[name] >= 0.020 for name in lag)}
    kept = {name: [o for o, _, second in samples[name] if second not in stalled] for name in samples}
    print("without the %d second(s) both were stamped 20 ms or more late (the machine stalled): std dev %.3f ms and %.3f ms, %.3fx gpsd's"
          % (len(stalled), 1000 * statistics.stdev(kept["GPS"]), 1000 * statistics.stdev(kept["GPSD"]),
             statistics.stdev(kept["GPS"]) / statistics.stdev(kept["GPSD"])))
