// The five-line screen of the tracking design (see LocationTracking), with a real provider:
// `swift run TrackingScreen [DEVICE]` prints the first good fix from the receiver at DEVICE
// (default: the one discovery finds), or, with no receiver attached, from the sample drive.
import Foundation
import GPSReader
import LocationTracking

let capture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("captures/drive.nmea").path
let gps = switch CommandLine.arguments.dropFirst().first {
case let device?: NMEALocationProvider(source: .device(.path(device)))
case nil where NMEALocationProvider.likelyReceiver() != nil: NMEALocationProvider(source: .device(.automatic))
case nil: NMEALocationProvider(source: .capture(.file(capture), pace: .realTime(speedup: 10)))
}

/// Prints the blocked-access route; a real app would show a screen.
final class TerminalRouter: Router {
    func navigate(to route: Route) { print("Location is blocked: \(route)") }
}

// The five lines: conform, hold a manager built with the provider and `self`, handle fixes.
final class WhereAmIScreen: TrackableLocationScreen, LocationRestrictionConfigurable {
    let router: any Router = TerminalRouter()
    lazy var locationManager: any LocationManager = AppLocationManager(provider: gps, screen: self)
    func handleLocationUpdate(lat: Double, lng: Double) async { print("You are at \(lat), \(lng)"); exit(0) }
}

let screen = WhereAmIScreen()
screen.startTrackingLocation()  // after 1 s: access, then the first good fix (one-shot)
while true { try await Task.sleep(for: .seconds(1)) }
