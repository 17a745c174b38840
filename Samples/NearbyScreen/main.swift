// A one-shot "nearby" screen, the kind the tracking flow was designed for: it fetches nearby
// data once, for the first good fix, and shows its state meanwhile.
//
// `swift run NearbyScreen [DEVICE | CAPTURE]` lists the three places of a small bundled list
// nearest to the first good fix of the receiver at DEVICE, or of a capture file; with no
// argument, of the receiver discovery finds, else of the sample drive at 10x.
import Foundation
import GPSReader
import LocationTracking

let sampleDrive = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("captures/drive.nmea").path
let gps = switch CommandLine.arguments.dropFirst().first {
case let path? where FileManager.default.fileExists(atPath: path) && !path.hasPrefix("/dev/"):
    NMEALocationProvider(source: .capture(.file(path), pace: .realTime(speedup: 10)))
case let device?: NMEALocationProvider(source: .device(.path(device)))
case nil where NMEALocationProvider.likelyReceiver() != nil: NMEALocationProvider(source: .device(.automatic))
case nil: NMEALocationProvider(source: .capture(.file(sampleDrive), pace: .realTime(speedup: 10)))
}

/// Prints the blocked-access route; a real app would show the restriction over the screen.
final class TerminalRouter: Router {
    func navigate(to route: Route) {
        guard case .locationRestricted(_, let title, let subtitle, _) = route else { return }
        print([title, subtitle].compactMap { $0 }.joined(separator: ": "))
    }
}

final class NearbyScreen: TrackableLocationScreen, LocationRestrictionConfigurable {
    let router: any Router = TerminalRouter()
    let titleText: String? = "Nearby needs your location"
    let subtitle: String? = "Allow access to the GPS receiver (join dialout, or install udev/60-gps.rules)."
    let shouldBlock = false  // the list is a nicety: the rest of the app stays usable
    lazy var locationManager: any LocationManager = AppLocationManager(provider: gps, screen: self)  // one-shot

    func handleLocationStateChange(_ state: LocationState) {
        switch state {
        case .idle: break
        case .waitingForAccess: show("Nearby · waiting for access to the receiver")
        case .acquiring(let inView): show("Nearby · acquiring satellites" + (inView.map { " (\($0) in view)" } ?? ""))
        case .accuracyLimited: show("Nearby · waiting for an accurate fix")
        case .located: show("Nearby · located")
        case .lost: show("Nearby · signal lost")
        case .failed(let error): show("Nearby · \(error)")
        }
    }

    func handleLocationUpdate(_ location: Location) async {
        let here = location.coordinate
        show(String(format: "Nearby · looking up places near %.5f, %.5f", here.latitude, here.longitude))
        let places = await PlaceDirectory.munich.nearest(to: here, count: 3)
        for (rank, nearby) in places.enumerated() {
            let name = nearby.place.name.padding(toLength: 22, withPad: " ", startingAt: 0)
            show("\(rank + 1). \(name)" + String(format: "%6.0f m  ", nearby.distance)
                + nearby.compassPoint.padding(toLength: 2, withPad: " ", startingAt: 0)
                + String(format: " (%03.0f°)", nearby.bearing))
        }
        exit(0)
    }

    func handleLocationUpdate(lat: Double, lng: Double) async {}

    /// A line on standard output at once, also into a pipe.
    private func show(_ line: String) {
        print(line)
        fflush(nil)
    }
}

let screen = NearbyScreen()
screen.startTrackingLocation()  // after 1 s: access, then the first good fix (one-shot)
while true { try await Task.sleep(for: .seconds(1)) }
