import Testing
import TestSupport
@testable import SerialPort
