// Replaced by the NMEA issue (#2).
