// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "GPSReader",
    products: [
        .library(name: "NMEA", targets: ["NMEA"]),
        .library(name: "SerialPort", targets: ["SerialPort"]),
        .library(name: "LocationTracking", targets: ["LocationTracking"]),
        .executable(name: "nmea-bench", targets: ["nmea-bench"]),
    ],
    targets: [
        // Core libraries: none imports another.
        .target(name: "NMEA"),
        .target(name: "SerialPort", dependencies: ["CSerialPort"]),
        .target(name: "LocationTracking"),

        // C shims for calls Glibc's Swift module hides (they need _GNU_SOURCE).
        .target(name: "CSerialPort"),

        // Executables.
        .executableTarget(name: "nmea-bench", dependencies: ["NMEA"]),

        // Test support shared by every test target.
        .target(name: "CAllocationCounter", path: "Tests/CAllocationCounter"),
        .target(name: "TestSupport", dependencies: ["CAllocationCounter"], path: "Tests/TestSupport"),

        // Tests.
        .testTarget(name: "NMEATests", dependencies: ["NMEA", "TestSupport"]),
        .testTarget(name: "SerialPortTests", dependencies: ["SerialPort", "TestSupport"]),
        .testTarget(name: "LocationTrackingTests", dependencies: ["LocationTracking", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
