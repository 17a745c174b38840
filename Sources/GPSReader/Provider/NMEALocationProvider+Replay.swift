import LocationTracking

extension NMEALocationProvider {
    /// Plays a capture once at `pace`, reporting each epoch, through the lossless path: the
    /// next epoch is read only once the delegate has taken the last.
    func replay(_ capture: Capture, pace: ReplayPace) async {
        var epochs = CaptureEpochs(capture, pace: pace).makeAsyncIterator()
        do throws(GPSReaderError) {
            while let epoch = try await epochs.next() {
                report(epoch)
            }
        } catch {
            report(error)
        }
    }
}
