import GNSS
import Testing

@Suite("Leap seconds")
struct LeapSecondsTests {
    private func seconds(_ year: Int, _ month: Int, _ day: Int) -> Double {
        Double(CalendarDay(year: year, month: month, day: day).daysSinceEpoch) * 86_400
    }

    @Test("GPS − UTC is 0 when GPS time began, 14 through 2006–2008, 18 from 2017")
    func offsets() {
        #expect(LeapSeconds.gpsMinusUTC(atSecondsSince1970: seconds(1980, 1, 6)) == 0)
        #expect(LeapSeconds.gpsMinusUTC(atSecondsSince1970: seconds(1981, 6, 30)) == 0)
        #expect(LeapSeconds.gpsMinusUTC(atSecondsSince1970: seconds(1981, 7, 1)) == 1)
        #expect(LeapSeconds.gpsMinusUTC(atSecondsSince1970: seconds(2007, 12, 23)) == 14)
        #expect(LeapSeconds.gpsMinusUTC(atSecondsSince1970: seconds(2016, 12, 31)) == 17)
        #expect(LeapSeconds.gpsMinusUTC(atSecondsSince1970: seconds(2017, 1, 1)) == 18)
        #expect(LeapSeconds.gpsMinusUTC(atSecondsSince1970: seconds(2026, 12, 5)) == 18)
    }
}
