import Testing
import TestSupport
@testable import LocationTracking
