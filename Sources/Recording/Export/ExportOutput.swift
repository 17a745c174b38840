/// Text an export writes, held in one buffer and handed to its output in blocks of about
/// 64 KiB (and at the end), so a long capture exports with flat memory.
struct ExportOutput {
    private var buffer: [UInt8] = []
    private let output: (UnsafeRawBufferPointer) -> Bool
    /// Whether the output still takes bytes.
    private(set) var isOpen = true

    init(_ output: @escaping (UnsafeRawBufferPointer) -> Bool) {
        self.output = output
        buffer.reserveCapacity(1 << 16 + 4096)
    }

    mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Hands what is held to the output.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        if isOpen { isOpen = buffer.withUnsafeBytes(output) }
        buffer.removeAll(keepingCapacity: true)
    }
}
