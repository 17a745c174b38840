import Glibc

/// A socket address of either family (`sockaddr_in`, `sockaddr_in6`) or a Unix path
/// (`sockaddr_un`), in a `sockaddr_storage`, with its length: what `bind` and `connect` take.
/// Shared by every module that opens sockets (`GPSD`'s server and client, `MQTT`).
package struct SocketEndpoint {
    package var storage = sockaddr_storage()
    package var length: socklen_t

    /// The address family: `AF_INET`, `AF_INET6` or `AF_UNIX`.
    package var family: CInt { CInt(storage.ss_family) }

    /// An endpoint from the first address `getaddrinfo` gives.
    package init(_ address: UnsafePointer<sockaddr>, length: socklen_t) {
        self.length = length
        withUnsafeMutableBytes(of: &storage) { bytes in
            bytes.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(length)))
        }
    }

    /// A Unix stream socket's path; `nil` when it is longer than `sun_path` holds (107 bytes).
    package init?(unixPath path: String) {
        self.init(unixPath: FilePath(path))
    }

    /// A Unix stream socket's path of bytes, UTF-8 or not; `nil` when it is longer than
    /// `sun_path` holds (107 bytes).
    package init?(unixPath path: FilePath) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = path.bytes
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count + 1)
        self = withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { SocketEndpoint($0, length: length) }
        }
    }

    /// The TCP port (IPv4 or IPv6), in host order.
    package var port: UInt16 {
        get {
            withUnsafeBytes(of: storage) { bytes in
                // sin_port and sin6_port both sit right after the family.
                UInt16(bigEndian: bytes.load(fromByteOffset: 2, as: UInt16.self))
            }
        }
        set {
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: newValue.bigEndian, toByteOffset: 2, as: UInt16.self) }
        }
    }

    /// The address as `bind`, `connect` and `getsockname` take it.
    package func withAddress<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        withUnsafePointer(to: storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
