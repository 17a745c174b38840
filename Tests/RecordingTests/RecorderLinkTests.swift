import Foundation
import Glibc
@testable import Recording
import Testing

/// `NMERecorder` and a symbolic link where its file should be: never written through, whatever
/// `--force` or `--append` say; the user names the file itself to record into it.
@Suite("NMERecorder and symbolic links")
struct RecorderLinkTests {
    /// Made anew for each use: a `Data` held by a static is reported by LeakSanitizer.
    private static var secret: Data { Data("root:x:0:0:root:/root:/bin/bash\n".utf8) }

    @Test("replacing or appending to a link is refused, naming the link and its target; the target is unchanged",
          arguments: [RecordingOptions.ExistingFile.replace, .append])
    func linkRefused(existing: RecordingOptions.ExistingFile) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let target = scratch.file("passwd")
        #expect(FileManager.default.createFile(atPath: target, contents: Self.secret, attributes: [.posixPermissions: 0o600]))
        let link = scratch.file("ride.nmea")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: RecordingError.symbolicLink(path: link, target: target)) {
            try NMERecorder(path: link, options: RecordingOptions(existingFile: existing))
        }
        #expect(FileManager.default.contents(atPath: target) == Self.secret)
        #expect(RecordingError.symbolicLink(path: link, target: target).description
            == "\(link) is a symbolic link to \(target), and a recording does not write through links: "
            + "give the file itself (--output \(target)) to record into it.")
    }

    @Test("a link as the newest piece of a rotated recording is not appended to")
    func linkedPieceRefused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let target = scratch.file("passwd")
        #expect(FileManager.default.createFile(atPath: target, contents: Self.secret))
        let path = scratch.file("ride.nmea")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        try FileManager.default.createSymbolicLink(atPath: path + ".1", withDestinationPath: target)
        #expect(throws: RecordingError.symbolicLink(path: path + ".1", target: target)) {
            try NMERecorder(path: path, options: RecordingOptions(existingFile: .append, rotation: .bySize(1024)))
        }
        #expect(FileManager.default.contents(atPath: target) == Self.secret)
    }

    @Test("the file a link points at, named itself, is recorded into")
    func targetNamedItself() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let target = scratch.file("ride.nmea")
        #expect(FileManager.default.createFile(atPath: target, contents: Data("$GPTXT,old\n".utf8)))
        try FileManager.default.createSymbolicLink(atPath: scratch.file("link.nmea"), withDestinationPath: target)
        let recorder = try NMERecorder(path: target, options: RecordingOptions(existingFile: .append, writesHeader: false))
        recorder.receive(.opened(path: "/dev/ttyUSB0", baudRate: 9600))
        recorder.receive(.bytes(Array("$GPTXT,new\n".utf8)))
        recorder.finish()
        #expect(scratch.contents("ride.nmea") == Array("$GPTXT,old\n$GPTXT,new\n".utf8))
    }
}
