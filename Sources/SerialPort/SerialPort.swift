// Replaced by the SerialPort issue (#3).
