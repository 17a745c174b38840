import GNSS
import LocationTracking

/// How the fix lines and the panel word a fix's accuracy and corrections.
enum AccuracyWords {
    /// The accuracy in metres: two decimals below a metre (an RTK fix's centimetres), one above.
    static func accuracy(_ metres: Double) -> String {
        FixedDecimal.string(metres, decimals: metres < 1 ? 2 : 1) + " m"
    }

    /// The panel's accuracy: `± 0.02 m, the receiver's · RTK fixed`; `from HDOP` when the
    /// receiver gave no estimate of its own, and the corrections only when it applied some.
    static func panelAccuracy(of location: Location) -> String? {
        guard let metres = location.horizontalAccuracy else { return nil }
        var words = "± " + accuracy(metres) + (location.isAccuracyFromReceiver ? ", the receiver's" : ", from HDOP")
        if location.correction != .none { words += " · \(location.correction)" }
        return words
    }
}
