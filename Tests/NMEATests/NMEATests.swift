import Testing
import TestSupport
@testable import NMEA
