import FoundationEssentials

/// A client's command, as gpsd reads them: `?WATCH={...};`, `?POLL;`, `?DEVICES;`,
/// `?DEVICE;`, `?VERSION;`.
///
/// The JSON argument of `?WATCH` is parsed with FoundationEssentials' `JSONDecoder`: requests
/// come a few per connection, so a parser of our own would buy nothing.
public enum GPSDRequest: Hashable, Sendable {
    /// `?WATCH;` (asks for the policy in force) or `?WATCH={...};` (changes it).
    case watch(WatchChange)
    /// `?POLL;`: the last TPV and SKY.
    case poll
    /// `?DEVICES;`: the receivers.
    case devices
    /// `?DEVICE;`: the receiver.
    case device
    /// `?VERSION;`: the protocol version.
    case version

    /// The members a `?WATCH={...}` sets; `nil` members keep their value.
    public struct WatchChange: Hashable, Sendable {
        /// The members of `WatchPolicy` of the same names.
        public var enable, json, nmea, scaled, timing, split24, pps: Bool?
        /// `WatchPolicy.raw`: 0, 1 or 2.
        public var raw: Int?
        /// `WatchPolicy.device`.
        public var device: String?

        /// A change of nothing.
        public init() {}

        /// `policy` with the members this change sets. As gpsd does, `enable` without `json`,
        /// `nmea` or `raw` asks for JSON.
        public func applied(to policy: WatchPolicy) -> WatchPolicy {
            var result = policy
            result.enable = enable ?? result.enable
            result.json = json ?? result.json
            result.nmea = nmea ?? result.nmea
            result.raw = raw ?? result.raw
            result.scaled = scaled ?? result.scaled
            result.timing = timing ?? result.timing
            result.split24 = split24 ?? result.split24
            result.pps = pps ?? result.pps
            result.device = device ?? result.device
            if enable == true && json == nil && nmea == nil && raw == nil && !result.nmea && result.raw == 0 {
                result.json = true
            }
            return result
        }
    }

    /// The longest request accepted, in bytes; gpsd's own limit is smaller.
    public static let maximumLength = 1024

    /// Parses one request, without its `;` terminator.
    ///
    /// - Throws: `GPSDRequestError` naming what is wrong; its `description` is the ERROR
    ///   message sent back.
    public init(parsing text: some Collection<UInt8>) throws(GPSDRequestError) {
        guard text.count <= Self.maximumLength else { throw .tooLong }
        let request = Self.trimmed(String(decoding: text, as: UTF8.self))
        let (command, argument) = request.firstIndex(of: "=").map {
            (String(request[..<$0]), String(request[request.index(after: $0)...]))
        } ?? (request, nil)
        switch command {
        case "?WATCH":
            self = .watch(try argument.map(Self.watchChange) ?? WatchChange())
        case "?POLL" where argument == nil: self = .poll
        case "?DEVICES" where argument == nil: self = .devices
        case "?DEVICE" where argument == nil: self = .device
        case "?VERSION" where argument == nil: self = .version
        case "?DEVICE":
            throw .unsupported("device configuration")
        default:
            throw .unrecognized(request)
        }
    }

    /// `text` without the spaces and tabs around it.
    private static func trimmed(_ text: String) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(text[first...last])
    }

    private static func watchChange(_ argument: String) throws(GPSDRequestError) -> WatchChange {
        do {
            return try JSONDecoder().decode(WatchMembers.self, from: Data(argument.utf8)).change
        } catch let error as GPSDRequestError {
            throw error
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            throw .malformed("WATCH needs a JSON object")
        } catch {
            throw .malformed("WATCH argument is not JSON")
        }
    }

    /// A `?WATCH` argument's members, each checked for its type; an unknown one is refused.
    private struct WatchMembers: Decodable {
        var change = WatchChange()

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let members = try decoder.container(keyedBy: Key.self)
            for key in members.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                func flag() throws -> Bool {
                    guard let value = try? members.decode(Bool.self, forKey: key) else {
                        throw GPSDRequestError.malformed("\(key.stringValue) must be true or false")
                    }
                    return value
                }
                switch key.stringValue {
                case "class":
                    guard (try? members.decode(String.self, forKey: key)) == "WATCH" else {
                        throw GPSDRequestError.malformed("class must be WATCH")
                    }
                case "enable": change.enable = try flag()
                case "json": change.json = try flag()
                case "nmea": change.nmea = try flag()
                case "scaled": change.scaled = try flag()
                case "timing": change.timing = try flag()
                case "split24": change.split24 = try flag()
                case "pps": change.pps = try flag()
                case "raw":
                    guard let raw = try? members.decode(Int.self, forKey: key), (0...2).contains(raw) else {
                        throw GPSDRequestError.malformed("raw must be 0, 1 or 2")
                    }
                    change.raw = raw
                case "device":
                    guard let device = try? members.decode(String.self, forKey: key) else {
                        throw GPSDRequestError.malformed("device must be a string")
                    }
                    change.device = device
                default:
                    throw GPSDRequestError.malformed("unknown attribute \(key.stringValue)")
                }
            }
        }
    }
}

/// Why a request was refused; `description` is the message of the ERROR object sent back.
public enum GPSDRequestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not one of the commands served.
    case unrecognized(String)
    /// A known command whose argument is wrong.
    case malformed(String)
    /// A known command this server does not carry out.
    case unsupported(String)
    /// Longer than `GPSDRequest.maximumLength`.
    case tooLong

    /// The ERROR message, worded as gpsd words its own.
    public var description: String {
        switch self {
        case .unrecognized(let request): "Unrecognized request '\(request.prefix(64))'"
        case .malformed(let reason): "Invalid WATCH: \(reason)"
        case .unsupported(let what): "Can't perform \(what)"
        case .tooLong: "Request too long (more than \(GPSDRequest.maximumLength) bytes)"
        }
    }
}
