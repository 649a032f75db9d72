import Testing

@testable import SluiceDedupe

@Suite struct CalendarDateTests {
    @Test func readsCommonForms() {
        #expect(CalendarDate("19081209")?.digits == 19081209)
        #expect(CalendarDate("1908-12-09")?.digits == 19081209)
        #expect(CalendarDate("1908-12-09T10:00:00Z")?.digits == 19081209)
        #expect(CalendarDate("19081309") == nil)
        #expect(CalendarDate("1908") == nil)
        #expect(CalendarDate("") == nil)
    }

    @Test func dayNumbers() {
        #expect(CalendarDate("19700101")?.dayNumber == 0)
        #expect(CalendarDate("20000301")?.dayNumber == 11017)
    }

    @Test func typos() {
        #expect(CalendarDate.isOneTypo(19081209, 19081208))
        #expect(CalendarDate.isOneTypo(19081209, 19081290))
        #expect(!CalendarDate.isOneTypo(19081209, 19091208))
    }
}
