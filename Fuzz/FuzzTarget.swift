/// The code under fuzz: each case feeds one input to one part of the package and traps when
/// that part crashes or breaks a promise its documentation makes.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// `NMEAFramer`, fed the input whole and in chunks whose lengths the input chooses.
    case framer
    /// Every `NMEASentenceDecodable` decoder, fed the input as a sentence's body.
    case decoders
    /// `FixAssembler`, fed every sentence the framer finds in the input.
    case assembler
    /// `GPSDRequest`, the gpsd request parser, fed the input as a client's request.
    case gpsdRequest = "gpsd-request"
    /// `PositionMessage`, the OwnTracks and TPV payload decoder, fed the input as a payload.
    case positionMessage = "position-message"
    /// MQTT's `PacketFramer` and packet decoder, fed the input as a broker's stream.
    case mqttPacket = "mqtt-packet"
    /// Every UBX decoder, fed the input as one message: its first byte picks the id.
    case ubxDecoders = "ubx-decoders"

    /// Runs one input.
    func run(_ input: UnsafeRawBufferPointer) {
        switch self {
        case .framer: FramerTarget.run(input)
        case .decoders: DecoderTarget.run(input)
        case .assembler: AssemblerTarget.run(input)
        case .gpsdRequest: GPSDRequestTarget.run(input)
        case .positionMessage: PositionMessageTarget.run(input)
        case .mqttPacket: MQTTPacketTarget.run(input)
        case .ubxDecoders: UBXDecodersTarget.run(input)
        }
    }
}
