/// Where a list of RTCM 3 frames written to the receiver first departs from the list expected, in
/// a line a failed test can print: the frames' index and lengths, not the thousands of bytes of both.
///
/// - Returns: nil when the lists are equal.
func firstDifference(_ received: [[UInt8]], from expected: [[UInt8]]) -> String? {
    guard received != expected else { return nil }
    let same = zip(received, expected).prefix { $0 == $1 }.count
    let sizes = "\(received.count) frames received, \(expected.count) expected"
    guard same < min(received.count, expected.count) else { return "\(sizes): the first \(same) are equal" }
    let got = received[same], wanted = expected[same]
    let later = expected[(same + 1)...].firstIndex(of: got).map { ", equal to expected frame \($0) (\($0 - same - 1) skipped)" } ?? ""
    return "\(sizes): frame \(same) differs, \(got.count) bytes received where \(wanted.count) were expected\(later)"
}
