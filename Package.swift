// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "GPSReader",
    products: [
        .library(name: "GNSS", targets: ["GNSS"]),
        .library(name: "NMEA", targets: ["NMEA"]),
        .library(name: "UBX", targets: ["UBX"]),
        .library(name: "SerialPort", targets: ["SerialPort"]),
        .library(name: "LocationTracking", targets: ["LocationTracking"]),
        .library(name: "GPSReader", targets: ["GPSReader"]),
        .library(name: "GPSD", targets: ["GPSD"]),
        .library(name: "Recording", targets: ["Recording"]),
        .library(name: "TimeService", targets: ["TimeService"]),
        .library(name: "MQTT", targets: ["MQTT"]),
        .library(name: "Fleet", targets: ["Fleet"]),
        .library(name: "NTRIP", targets: ["NTRIP"]),
        .executable(name: "gps", targets: ["gps"]),
        .executable(name: "nmea-bench", targets: ["nmea-bench"]),
    ],
    targets: [
        // Below everything that shares state between threads: `LockedState`, a pthread-backed
        // lock ThreadSanitizer sees (Synchronization.Mutex's futex waits are invisible to it).
        // It imports nothing of ours, so the core libraries still import none of each other.
        .target(name: "Locking"),

        // Above Locking, below SerialPort, GPSReader and GPSD: the POSIX mechanics they share, with
        // `package` access: `Syscalls` (the one seam to the C library, EINTR retries), `Errno`,
        // the debug builds' `FaultInjection` plan every call consults, `WakePipe`, poll timeouts,
        // the `EventLoop`, the one way to wait for I/O, and `Backoff` (public: MQTT's and NTRIP's
        // reconnection waits). It imports only Locking of ours, so
        // the core libraries still import none of each other.
        .target(name: "POSIXSupport", dependencies: ["CPOSIXSupport", "Locking"]),

        // Below NMEA and LocationTracking: the vocabulary both speak, each concept defined once.
        // Fix indicators (`FixQuality`, `FixMode`, `FixStatus`, `PositioningMode`), constellations
        // and satellite numbering (NMEA IDs, gpsd PRNs, u-blox gnssId/svId), `CalendarDay`, the
        // printf-exact `FixedDecimal`, and `SystemTime` (the system clock a receiver's bytes are
        // stamped with, which SerialPort stamps, GPSReader carries and TimeService compares).
        // Plain values: it imports nothing of ours, not even Foundation (Glibc alone, for
        // `SystemTime.now()`), so NMEA stays free of it too, and joins none of the core libraries
        // to another.
        .target(name: "GNSS"),

        // Core libraries: none imports another.
        .target(name: "NMEA", dependencies: ["GNSS"]),
        // u-blox's binary protocol: messages as borrowed views, their decoders (NAV, MON, ACK,
        // INF, CFG) and the frames of the commands written to a receiver. Beside NMEA, not
        // above it: NMEAFramer finds the frames, GPSReader joins the two.
        .target(name: "UBX", dependencies: ["GNSS"]),
        // SerialPort takes GNSS for CRC-24Q (its virtual receiver checks the corrections written to it)
        // and `SystemTime` (the stamp of each read).
        .target(name: "SerialPort", dependencies: ["CSerialPort", "GNSS", "POSIXSupport", "Locking"]),
        .target(name: "LocationTracking", dependencies: ["GNSS", "Locking", "POSIXSupport"]),

        // The library that joins them: the receiver pipeline (sources, EpochStream, sinks), a
        // LocationProvider over any of its sources, and a u-blox receiver's configuration over
        // the pipeline's frames and link (ReceiverConfiguration, and UBloxSimulator to test it).
        .target(name: "GPSReader", dependencies: ["GNSS", "NMEA", "UBX", "SerialPort", "LocationTracking", "Locking", "POSIXSupport"]),

        // gpsd's protocol, above GPSReader: JSON reports and their sinks, a server gpsd's clients
        // read, and a running gpsd as a source of the pipeline. Nothing below imports it.
        .target(name: "GPSD", dependencies: ["GPSReader", "GNSS", "NMEA", "LocationTracking", "POSIXSupport", "Locking"]),

        // Recording and export, above GPSReader: sinks of the pipeline that record a receiver's
        // bytes (`NMERecorder`), write its epochs as GPX and GeoJSON, and draw a capture as one
        // HTML page (`ReportWriter`), so an app records or exports while it tracks. Nothing
        // below imports it.
        .target(name: "Recording", dependencies: ["GPSReader", "GNSS", "NMEA", "LocationTracking", "POSIXSupport"]),

        // A time service's reference clock, above GPSReader: a sink that turns a live source's epochs
        // into time samples (stamped at the first byte of each epoch's burst), and the outputs
        // chrony's SOCK refclock and the NTP shared-memory refclock read. Nothing below imports it.
        .target(name: "TimeService", dependencies: ["GPSReader", "GNSS", "POSIXSupport", "CTimeService"]),

        // An MQTT 3.1.1 client, a core library beside SerialPort: packets and the remaining-length
        // varint, a connection (CONNECT with will and credentials, QoS 0 and 1 PUBLISH, SUBSCRIBE,
        // keep-alive, typed CONNACK refusals), backoff with jitter, and a store-and-forward
        // publisher with a bounded queue and an optional disk spool. It knows nothing of receivers:
        // it imports only POSIXSupport (its sockets and the EventLoop) and Locking of ours.
        .target(name: "MQTT", dependencies: ["POSIXSupport", "Locking"]),

        // Fleet tracking, above GPSReader, GPSD and MQTT: a sink of the pipeline that publishes each
        // fix (OwnTracks JSON or gpsd's TPV) through a store-and-forward publisher, and a topic as a
        // source of the pipeline (so `NMEALocationProvider` reads it like a receiver), followed by
        // `MQTTLocationProvider`. Nothing below imports it.
        .target(name: "Fleet", dependencies: ["GPSReader", "GPSD", "MQTT", "GNSS", "NMEA", "LocationTracking"]),

        // RTK corrections, above GPSReader: an NTRIP client that writes a caster's RTCM 3 frames
        // (CRC-checked, whole) to a receiver through its ReceiverLink and sends the receiver's
        // fix upstream as GGA, source tables, and a caster that serves a base's own RTCM 3.
        // Nothing below imports it.
        .target(name: "NTRIP", dependencies: ["GPSReader", "GNSS", "NMEA", "LocationTracking", "POSIXSupport", "Locking"]),

        // Command line. CommandLineParsing, a declarative parser whose help is generated from the
        // same declarations, imports nothing of ours but POSIXSupport's FilePath (an argument is
        // bytes, and a path from argv stays bytes). GPSCommandLine declares `gps`'s command line
        // with it, and SerialPort for the speeds a port accepts, so its tests parse real command
        // lines in-process.
        .target(name: "CommandLineParsing", dependencies: ["POSIXSupport"]),
        // It takes NTRIP for `NTRIPURL` alone, so `--ntrip` is checked as it is parsed.
        .target(name: "GPSCommandLine", dependencies: ["CommandLineParsing", "SerialPort", "POSIXSupport", "NTRIP"]),

        // C shims for calls Glibc's Swift module hides (they need _GNU_SOURCE), and CTimeService's
        // `struct shmTime` with the memory barriers its mode 1 needs.
        .target(name: "CPOSIXSupport"),
        .target(name: "CSerialPort"),
        .target(name: "CTimeService"),
        // gps's alone: its main thread drains the main queue itself rather than in dispatch_main(),
        // whose pthread_exit costs a static gps 1.5 MB of unwind tables (docs/Performance.md, Footprint),
        // and its global executor's jobs run on a queue libdispatch does not monitor, whose once-a-second
        // timer would wake an idle gps (docs/Performance.md, Pipeline and idle cost).
        .target(name: "CMainQueue"),

        // Executables.
        .executableTarget(
            name: "gps",
            dependencies: [
                "GPSD", "TimeService", "GPSReader", "GNSS", "NMEA", "SerialPort", "LocationTracking", "GPSCommandLine", "CommandLineParsing",
                "POSIXSupport", "Locking", "Recording", "MQTT", "Fleet", "NTRIP", "CMainQueue", "UBX",
            ]),
        .executableTarget(name: "nmea-bench", dependencies: ["NMEA", "GNSS", "UBX"]),
        .executableTarget(
            name: "TrackingScreen", dependencies: ["GPSReader", "LocationTracking"],
            path: "Samples/TrackingScreen"),
        .executableTarget(
            name: "NearbyScreen", dependencies: ["GPSReader", "LocationTracking"],
            path: "Samples/NearbyScreen"),

        // libFuzzer targets, built by .ci/fuzz with -sanitize=fuzzer,address -DFUZZING; in a plain
        // build `gps-fuzz TARGET FILE...` replays saved inputs instead.
        .executableTarget(name: "gps-fuzz", dependencies: ["Fleet", "GPSD", "GPSReader", "MQTT", "NMEA", "UBX"], path: "Fuzz"),
        // Soak runs (.ci/soak): descriptors and memory over replugs and hours of fixes.
        .executableTarget(
            name: "gps-soak", dependencies: ["GPSReader", "NMEA", "SerialPort", "LocationTracking", "Locking"],
            path: "Benchmarks/soak"),
        // The claims that decoding, assembling and gpsd's JSON allocate nothing, counted in the
        // static release build (.ci/release-build) through the linker-wrapped allocator of
        // CAllocationTally: a static link cannot interpose `malloc` (docs/Testing.md, Allocations).
        .target(name: "CAllocationTally", path: "Benchmarks/CAllocationTally"),
        .executableTarget(
            name: "allocation-check", dependencies: ["CAllocationTally", "GNSS", "GPSD", "GPSReader", "NMEA", "UBX"],
            path: "Benchmarks/allocations",
            linkerSettings: [
                .unsafeFlags(["malloc", "calloc", "realloc", "aligned_alloc", "memalign", "posix_memalign"].flatMap { ["-Xlinker", "--wrap=\($0)"] })
            ]),
        // Region monitoring's cost per fix (`swift run -c release region-bench`).
        .executableTarget(name: "region-bench", dependencies: ["LocationTracking"], path: "Benchmarks/regions"),

        // Test support shared by every test target.
        .target(name: "CAllocationCounter", path: "Tests/CAllocationCounter", exclude: ["lsan-suppressions.txt"]),
        .target(
            name: "TestSupport",
            dependencies: ["CAllocationCounter", "CPOSIXSupport", "Locking", "POSIXSupport", "NMEA", "UBX", "SerialPort", "GPSReader"],
            path: "Tests/TestSupport"),
        // GPSD's test support, for the GPSD and gps command tests: a capture fed to a GPSDServer.
        .target(name: "GPSDTestSupport", dependencies: ["GPSD", "TestSupport"], path: "Tests/GPSDTestSupport"),

        // Tests.
        .testTarget(name: "GNSSTests", dependencies: ["GNSS"]),
        .testTarget(name: "NMEATests", dependencies: ["NMEA", "GNSS", "TestSupport"]),
        .testTarget(name: "UBXTests", dependencies: ["UBX", "GNSS", "TestSupport"]),
        .testTarget(name: "POSIXSupportTests", dependencies: ["POSIXSupport", "Locking"]),
        .testTarget(name: "SerialPortTests", dependencies: ["SerialPort", "POSIXSupport", "Locking", "TestSupport"]),
        .testTarget(name: "LocationTrackingTests", dependencies: ["LocationTracking", "GNSS", "Locking", "TestSupport"]),
        .testTarget(name: "GPSReaderTests", dependencies: ["GPSReader", "GNSS", "UBX", "SerialPort", "POSIXSupport", "Locking", "TestSupport"]),
        .testTarget(name: "GPSDTests", dependencies: ["GPSD", "GNSS", "NMEA", "SerialPort", "POSIXSupport", "Locking", "TestSupport", "GPSDTestSupport"]),
        .testTarget(
            name: "RecordingTests",
            dependencies: ["Recording", "GPSReader", "LocationTracking", "NMEA", "POSIXSupport", "Locking", "TestSupport"]),
        .testTarget(
            name: "TimeServiceTests", dependencies: ["TimeService", "GPSReader", "GNSS", "LocationTracking", "NMEA", "POSIXSupport", "TestSupport"]),
        .testTarget(name: "MQTTTests", dependencies: ["MQTT", "POSIXSupport", "Locking", "TestSupport"]),
        .testTarget(
            name: "FleetTests",
            dependencies: ["Fleet", "MQTT", "GPSReader", "GPSD", "LocationTracking", "NMEA", "Locking", "TestSupport"]),
        .testTarget(
            name: "NTRIPTests",
            dependencies: ["NTRIP", "GPSReader", "SerialPort", "LocationTracking", "GNSS", "NMEA", "POSIXSupport", "Locking", "TestSupport"]),
        .testTarget(name: "CommandLineParsingTests", dependencies: ["CommandLineParsing"]),
        .testTarget(name: "GPSCommandLineTests", dependencies: ["GPSCommandLine", "CommandLineParsing", "POSIXSupport", "NTRIP"]),
        // The gps command itself, run as a process: its output, exit statuses, the panel in tmux,
        // signals, and gpsd's tools reading gps serve.
        .testTarget(
            name: "GPSCommandTests",
            dependencies: [
                "GPSD", "GPSReader", "NMEA", "UBX", "SerialPort", "LocationTracking", "Locking", "POSIXSupport", "TestSupport",
                "GPSDTestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
