import Testing
import NMEA

/// Frames `text` in one chunk and returns what came out, as the sentences'
/// text or the errors that rejected them.
func frame(_ text: String, configuration: NMEAFramer.Configuration = .init(),
           chunkSizes: [Int]? = nil) -> [Result<String, NMEAError>] {
    var framer = NMEAFramer(configuration: configuration)
    var out: [Result<String, NMEAError>] = []
    let bytes = Array(text.utf8)
    let collect = { (result: Result<NMEASentence, NMEAError>) in out.append(result.map(\.text)) }
    if let chunkSizes {
        var offset = 0, index = 0
        while offset < bytes.count {
            let size = min(chunkSizes[index % chunkSizes.count], bytes.count - offset)
            framer.append(Array(bytes[offset..<offset + size]), collect)
            offset += size
            index += 1
        }
    } else {
        framer.append(bytes, collect)
    }
    framer.finish(collect)
    return out
}
