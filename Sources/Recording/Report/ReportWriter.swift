import GPSReader

/// A capture drawn as one self-contained HTML page, as an output of the pipeline: it keeps a
/// few numbers per epoch (`.epoch` reports: the fix, the satellites, the fix state) and builds
/// the page in `page()`, after the run.
///
/// The page is inline SVG and CSS, with no script and no external URL, light and printable:
/// the track to scale (a local projection), broken where the fix was lost, start and end
/// marked; speed, altitude, satellites used and in view, and signal over time; the fix-state
/// timeline (acquiring, located, lost); time to first fix, availability, distance, maximum and
/// mean speed, the HDOP distribution; and, for a stationary capture (95 % of its fixes within
/// 25 m), the scatter of positions with CEP50 and CEP95.
public final class ReportWriter: ReceiverSink {
    private let title: String
    private var epochs = TrackEpochs()
    private var data = ReportData()

    /// A report titled `title` (the capture's file name, say).
    public init(title: String) {
        self.title = title
    }

    public func receive(_ event: ReceiverEvent) {
        guard case .epoch(let report) = event else { return }
        data.add(epochs.add(report))
    }

    /// The page for the epochs heard so far: UTF-8 HTML.
    public func page() -> String {
        ReportPage(title: title, data: data).html()
    }
}
