// Replaced by the LocationTracking issue (#4).
