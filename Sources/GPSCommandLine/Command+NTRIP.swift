import CommandLineParsing
import NTRIP

/// `gps ntrip`: a caster's source table.
enum NTRIPCommand {
    static let ntrip = CommandDefinition<Command>(
        "ntrip", "lists an NTRIP caster's mountpoints (its source table)",
        discussion: "lists the mountpoints of the caster at ntrip://[USER:PASS@]HOST[:PORT]/ (port 2101 unless given): "
            + "mountpoint, format, message types, position and, when DEVICE is given, the distance from the receiver's "
            + "first fix. --json writes one JSON object per mountpoint instead",
        operands: [Operands.caster, Operands.device], options: [Options.json]
    ) { arguments in
        .ntripTable(caster: arguments[Operands.caster], device: arguments[Operands.device], json: arguments[Options.json])
    }

    private enum Operands {
        static let caster = Operand("URL", "the caster, ntrip://[USER:PASS@]HOST[:PORT]/", kind: .ntripCaster)
        static let device = Operand(optional: "DEVICE", "a receiver whose first fix the distances are measured from")
    }

    private enum Options {
        static let json = Flag("--json", "one JSON object per mountpoint, one per line")
    }
}
