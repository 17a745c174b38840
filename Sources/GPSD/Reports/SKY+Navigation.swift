import GPSReader

extension SKY {
    /// Sets the dilutions to those the receiver computed (u-blox NAV-DOP), over the ones gpsd
    /// derives from the sky: `xdop` is the east dilution, `ydop` the north.
    mutating func setDilutions(_ dilutions: NavigationSolution.Dilutions) {
        xdop = dilutions.edop ?? xdop
        ydop = dilutions.ndop ?? ydop
        vdop = dilutions.vdop ?? vdop
        tdop = dilutions.tdop ?? tdop
        hdop = dilutions.hdop ?? hdop
        gdop = dilutions.gdop ?? gdop
        pdop = dilutions.pdop ?? pdop
    }
}
