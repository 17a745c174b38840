/// `gps --help`.
let usage = """
    gps: read a USB GPS receiver (or a capture) and print one line per fix.

    USAGE
      gps                               the first receiver found; with none attached, replays
                                        the bundled sample drive at 20x (--rate X to change)
      gps read [DEVICE] [--baud N] [--wait]
                                        a device such as /dev/ttyACM0 (default: discovery);
                                        the speed is detected unless --baud is given. When
                                        access is denied, prints the remedy and exits 3, or
                                        with --wait keeps waiting until access is granted
      gps replay FILE [--rate X]        a capture, at X times real time (default 1; 0 = as
                                        fast as possible), then exits 0
      gps devices                       the USB serial devices: path, links, USB id, product,
                                        driver, group, whether you may open it, known receiver
      gps simulate --pty [FILE] [--link PATH] [--rate X]
                                        a virtual receiver on a pseudo-terminal playing FILE
                                        (default: the sample drive) in a loop at X times real
                                        time; prints its device path for `gps read`
      gps simulate --write FILE         writes the sample drive capture (- for standard output)
      gps udev-rules                    prints udev rules for the known GPS receivers
      gps --help                        this text

    OUTPUT (one line per fix, standard output)
      UTC time, latitude and longitude (degrees), altitude (m above sea level), speed (m/s),
      satellites used, HDOP, estimated horizontal accuracy (m); "-" where the receiver gave none

    EXIT STATUS
      0  the replay finished, or Ctrl-C
      1  the device or capture failed (message on standard error)
      2  the command line is wrong
      3  access to the device is denied (EACCES) or restricted (EPERM)

    """
