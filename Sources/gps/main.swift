print("gps")
