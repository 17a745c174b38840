import POSIXSupport

/// Why a caster gave no corrections, each description saying what to do.
public enum NTRIPError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The caster's host name has no address.
    case unknownHost(String)
    /// The connection failed: `errno` is `ECONNREFUSED` (nothing listens on the port),
    /// `ETIMEDOUT` (no answer), `ENETUNREACH`...
    case connectionFailed(errno: CInt)
    /// `401`: the caster wants credentials, or other ones; `sentCredentials` says whether any went.
    case unauthorized(sentCredentials: Bool)
    /// The mountpoint is not on the caster (a `404`, or the source table sent instead of data);
    /// `nearest` names up to three it has, nearest first.
    case noSuchMountpoint(String, nearest: [String])
    /// Another refusal: `status` and the status line as sent (`503 Service Unavailable`...).
    case refused(status: Int, line: String)
    /// The reply is not NTRIP or HTTP: its first bytes.
    case notNTRIP(firstBytes: [UInt8])
    /// An NTRIP 2.0 body's chunked coding is broken.
    case malformedChunk
    /// `bytes` arrived without one valid RTCM 3 frame among them.
    case garbage(bytes: Int)
    /// Nothing arrived for `seconds`.
    case stalled(seconds: Int)
    /// The caster closed the connection (or ended a chunked body).
    case closed
    /// The request or a GGA could not be sent: `errno`.
    case sendFailed(errno: CInt)

    /// Whether the outage may end by itself (a caster restarting, a network coming back), so
    /// it is retried quietly after being said once; credentials and mountpoints need a person.
    public var needsSomeoneToAct: Bool {
        switch self {
        case .unauthorized, .noSuchMountpoint, .unknownHost: true
        default: false
        }
    }

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .unknownHost(let host):
            return "the caster's host \(host) has no address: check the URL's host name and the network's DNS"
        case .connectionFailed(let errno):
            let error = Errno(errno)
            switch error {
            case .ECONNREFUSED:
                return "the caster refused the connection (nothing listens on that port): check the URL's port (2101 unless given); retrying"
            case .ETIMEDOUT:
                return "the caster did not answer in time: check the network and the host; retrying"
            default:
                return "cannot connect to the caster (\(error)): check the network; retrying"
            }
        case .unauthorized(let sentCredentials):
            return sentCredentials
                ? "the caster refused the credentials (401): check the user name and password in the URL (ntrip://USER:PASS@HOST/MOUNT)"
                : "the caster wants credentials (401): put them in the URL, ntrip://USER:PASS@HOST/MOUNT"
        case .noSuchMountpoint(let mountpoint, let nearest):
            let names = nearest.isEmpty ? "" : "; nearest: " + nearest.joined(separator: ", ")
            return "the caster has no mountpoint \(mountpoint)\(names). `gps ntrip ntrip://HOST[:PORT]/` lists them all"
        case .refused(_, let line):
            return "the caster refused the request (\(line)); retrying"
        case .notNTRIP(let firstBytes):
            let shown = String(decoding: firstBytes.prefix(32).map { $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: ".") }, as: UTF8.self)
            return "the reply is not NTRIP (it starts \"\(shown)\"): check the host and port are an NTRIP caster's; retrying"
        case .malformedChunk:
            return "the caster's NTRIP 2.0 stream broke its chunked coding; reconnecting"
        case .garbage(let bytes):
            return "\(bytes) bytes came from the caster without one valid RTCM 3 frame: check the mountpoint serves RTCM 3 "
                + "(`gps ntrip` shows each one's format); reconnecting"
        case .stalled(let seconds):
            return "no corrections for \(seconds) s: the caster or its base station stalled; reconnecting"
        case .closed:
            return "the caster closed the connection; reconnecting"
        case .sendFailed(let errno):
            return "cannot send to the caster (\(Errno(errno))); reconnecting"
        }
    }
}
