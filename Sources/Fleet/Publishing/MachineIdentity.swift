import FoundationEssentials

/// What tells this machine from another, for a publisher's default client id: systemd's
/// `/etc/machine-id` (made at installation, the same across reboots and host name changes)
/// when it can be read and is not empty, else the host name.
public enum MachineIdentity {
    /// This machine's identity: `/etc/machine-id`'s first line, else the host name.
    public static var current: String {
        identity(machineIDFile: "/etc/machine-id") ?? ProcessInfo.processInfo.hostName
    }

    /// The first line of `machineIDFile` without white space; `nil` when it cannot be read or is empty
    /// (an image whose machine id is made at first boot).
    package static func identity(machineIDFile: String) -> String? {
        guard let data = try? Data(contentsOf: URL(filePath: machineIDFile)) else { return nil }
        let line = String(decoding: data.prefix(256), as: UTF8.self).split(separator: "\n").first ?? ""
        let identity = String(line.filter { !$0.isWhitespace })
        return identity.isEmpty ? nil : identity
    }
}
