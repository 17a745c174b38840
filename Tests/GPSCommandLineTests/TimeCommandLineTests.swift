import CommandLineParsing
import GPSCommandLine
import Testing

/// The command lines of the time service: `gps serve --chrony PATH --shm UNIT` and
/// `gps simulate --pty --clock --delay MS`.
@Suite("gps serve --chrony/--shm and gps simulate --clock command lines")
struct TimeCommandLineTests {
    @Test("each command line parses into its command", arguments: [
        (["serve", "/dev/ttyACM0", "--chrony", "/run/chrony.clk.ttyACM0.sock"],
         Command.serve(source: .devices(["/dev/ttyACM0"], baudRate: nil), listen: .gpsdDefault,
                       time: TimeOutputs(chronySocket: "/run/chrony.clk.ttyACM0.sock"))),
        (["serve", "/dev/ttyACM0", "--shm", "2", "--chrony=/tmp/gps.sock"],
         .serve(source: .devices(["/dev/ttyACM0"], baudRate: nil), listen: .gpsdDefault,
                time: TimeOutputs(chronySocket: "/tmp/gps.sock", sharedMemoryUnit: 2))),
        (["simulate", "--pty", "--clock"], .simulate(file: nil, link: nil, rate: 1, clock: SimulatedClock(delayMilliseconds: 100))),
        (["simulate", "--pty", "--clock", "--delay", "250", "fixes.nmea"],
         .simulate(file: "fixes.nmea", link: nil, rate: 1, clock: SimulatedClock(delayMilliseconds: 250))),
    ])
    func parses(arguments: [String], command: Command) throws {
        #expect(try Command(arguments: arguments) == command)
    }

    @Test("a wrong command line names what is wrong", arguments: [
        (["serve", "--replay", "drive.nmea", "--chrony", "/tmp/gps.sock"], "gps serve: --chrony needs a receiver, not --replay"),
        (["serve", "--replay", "drive.nmea", "--shm", "2"], "gps serve: --shm needs a receiver, not --replay"),
        (["serve", "--shm", "256"], "gps serve: --shm needs a unit from 0 to 255, not \"256\""),
        (["serve", "--chrony", "/tmp/gps.sock"], "gps serve: --chrony takes one receiver's time: give one DEVICE"),
        (["serve", "/dev/ttyACM0", "/dev/ttyUSB0", "--shm", "2"], "gps serve: --shm takes one receiver's time: give one DEVICE"),
        (["simulate", "--pty", "--delay", "100"], "gps simulate: --delay needs --clock"),
        (["simulate", "--pty", "--clock", "--rate", "2"], "gps simulate: --rate cannot be combined with --clock (one epoch a second)"),
        (["simulate", "--pty", "--clock", "--delay", "1000"], "gps simulate: --delay needs milliseconds from 0 to 999, not \"1000\""),
        (["simulate", "--write", "out.nmea", "--clock"], "gps simulate: --write cannot be combined with --clock"),
    ])
    func rejects(arguments: [String], message: String) {
        do {
            _ = try Command(arguments: arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(error.description == message)
        }
    }
}
