import Foundation

#if FUZZING
/// libFuzzer's entry points (the fuzz build passes `-sanitize=fuzzer,address -DFUZZING`; libFuzzer
/// supplies `main`). The target is named by the environment: `GPS_FUZZ_TARGET=framer`.
private let target: FuzzTarget = {
    let name = getenv("GPS_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        fatalError("set GPS_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    target.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
#else
/// Without libFuzzer, `gps-fuzz TARGET FILE...` runs saved inputs (a crash libFuzzer wrote, a
/// corpus) through a target once each, so a finding reproduces in an ordinary build.
@main
enum ReplayInputs {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            FileHandle.standardError.write(Data("usage: gps-fuzz \(names) FILE...\n".utf8))
            exit(2)
        }
        for path in arguments.dropFirst() {
            let input = try Data(contentsOf: URL(fileURLWithPath: path))
            input.withUnsafeBytes(target.run)
        }
        print("ran \(arguments.count - 1) inputs through \(name)")
    }
}
#endif
