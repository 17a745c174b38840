import Foundation

/// A folder of its own for one test, removed by `remove()`.
struct Scratch {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("gps-recording-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func contents(_ name: String) -> [UInt8] {
        FileManager.default.contents(atPath: file(name)).map { [UInt8]($0) } ?? []
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The sample drive, the bundled capture: 108 epochs, 90 fixes, a tunnel.
let sampleDrive = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Samples/captures/drive.nmea").path

extension Array where Element == UInt8 {
    /// The lines that are not `#` comments, newlines kept.
    var withoutComments: [UInt8] {
        split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
            .filter { $0.first != UInt8(ascii: "#") }
            .map { Array($0) + [0x0A] }.joined().map { $0 }
    }
}
