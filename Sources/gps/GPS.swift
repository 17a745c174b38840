import CommandLineParsing
import FoundationEssentials
import Glibc
import GPSCommandLine
import GPSD
import GPSReader
import POSIXSupport
import SerialPort

/// `gps`: reads a USB GPS receiver, or a capture, and prints one line per fix.
@main
enum GPS {
    static func main() async {
        // A reader of the output that goes away (`gps replay … | head`) is a write error the
        // command ends on, closing its device, not a signal that kills it with the device open.
        signal(SIGPIPE, SIG_IGN)
        let command: Command
        do throws(UsageError) {
            command = try Command(arguments: CommandLineArgument.processArguments)
        } catch {
            printError("\(error). \(error.hint)")
            exit(CommandExit.Status.usage.rawValue)
        }
        exit(await run(command).rawValue)
    }

    @MainActor
    private static func run(_ command: Command) async -> CommandExit.Status {
        switch command {
        case .help(let commandPath):
            print(Command.helpText(for: commandPath), terminator: "")
            return .success
        case .udevRules(let control):
            print(control.map { UdevRules.text(controlSocket: $0) } ?? UdevRules.text(), terminator: "")
            return .success
        case .devices:
            print(DevicesTable(SerialPort.availableDevices()))
            return .success
        case .writeDrive(let file):
            return writeDrive(to: file)
        case .simulate(let file, let link, let rate, let clock):
            return await Simulation.run(file: file, link: link, rate: rate, clock: clock)
        case .simulateUBlox(let link, let generation):
            return await UBloxSimulation.run(link: link, generation: generation == .m8 ? .legacy : .configurationKeys)
        case .info(let device, let baudRate, let json):
            return await ReceiverInfo.run(device: device, baudRate: baudRate, json: json)
        case .config(let device, let baudRate, let request):
            return await ReceiverConfig.run(device: device, baudRate: baudRate, request: request)
        case .replay(let file, let rate, let json, let filters):
            guard let capture = CaptureArgument(file) else { return .failure }
            if json { return await JSONOutput.replay(capture, rate: rate) }
            return await Tracking.replay(capture.capture, named: capture.name, rate: rate, filters: filters)
        case .read(let device, let baudRate, let waitForAccess, let json, let filters):
            if let url = device?.string.flatMap(MQTTURL.init) {
                return await FollowTopic.read(url, json: json, filters: filters)
            }
            if let url = device?.string.flatMap(GPSDURL.init) {
                let source = GPSDSource(address: GPSDAddress(host: url.host, port: url.port), device: url.device)
                if json { return await JSONOutput.read(source, waitForAccess: true) }
                let name = "gpsd://\(source.address)" + (url.device ?? "")
                return await Tracking.read(
                    NMEALocationProvider(receiver: source), source: name, devicePath: name, shouldBlock: false,
                    filters: filters)
            }
            if json {
                let connection = DeviceConnection(
                    device.map { .path($0) } ?? .automatic, baudRate: baudRate.map(SerialPort.BaudRate.init(rawValue:)),
                    link: CorrectionFeed.current?.link)
                return await JSONOutput.read(connection, waitForAccess: waitForAccess)
            }
            if let path = device ?? NMEALocationProvider.likelyReceiver().map({ FilePath($0.preferredPath) }),
               let hint = DeviceHolder.busyHint(for: path) {
                printError(hint)
            }
            return await Tracking.read(device: device, baudRate: baudRate, shouldBlock: !waitForAccess, filters: filters)
        case .serve(let source, let listen, let control, let time):
            return await Serve.run(source, listen: listen, control: control, time: time)
        case .record(let device, let baudRate, let settings):
            return await Record.run(device: device, baudRate: baudRate, settings: settings)
        case .export(let file, let format):
            guard let capture = CaptureArgument(file) else { return .failure }
            return await Export.run(capture, title: file.lastComponent.description, format: format)
        case .publish(let settings):
            return await Publish.run(settings)
        case .withRTK(let command, let settings):
            return await RTKRun.run(command, settings) { await run($0) }
        case .ntripTable(let caster, let device, let json):
            return await SourceTableCommand.run(caster, device: device, json: json)
        case .report(let file, let output):
            guard let capture = CaptureArgument(file) else { return .failure }
            return await Export.report(capture, title: file.lastComponent.description, output: output)
        case .demo(let rate):
            if NMEALocationProvider.likelyReceiver() != nil {
                return await Tracking.read(device: nil, baudRate: nil, shouldBlock: true)
            }
            let capture = BundledCapture.load()
            printError("gps: no GPS receiver attached; replaying the sample drive (\(capture.origin)) at "
                + (rate == 0 ? "full speed" : "\(Self.rateText(rate))x") + ". `gps --help` for more.")
            return await Tracking.replay(.bytes(capture.bytes), named: "the sample drive", rate: rate)
        }
    }

    /// `rate` as `--rate` takes it: `20`, `2.5`.
    private static func rateText(_ rate: Double) -> String {
        rate == rate.rounded() && rate.magnitude < 1e15 ? String(Int(rate)) : String(rate)
    }

    private static func writeDrive(to file: FilePath) -> CommandExit.Status {
        let text = DriveCapture.text()
        if file == "-" {
            print(text, terminator: "")
            return .success
        }
        if let reason = TextFile.write(text, to: file) {
            printError("gps: cannot write \(file): \(reason)")
            return .failure
        }
        return .success
    }
}
