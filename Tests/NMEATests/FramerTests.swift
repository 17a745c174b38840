import Testing
import NMEA

/// How the streaming framer turns bytes into sentences.
@Suite struct FramerTests {
    let gga = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"
    let rmc = "$GPRMC,081836,A,3751.65,S,14507.36,E,000.0,360.0,130998,011.3,E*62"

    @Test func acceptsCRLFAndLFAndLoneCRLineEnds() {
        for ending in ["\r\n", "\n", "\r"] {
            #expect(frameLines(gga + ending + rmc + ending) == [.sentence(gga), .sentence(rmc)], "ending \(ending.utf8.map { $0 })")
        }
    }

    @Test func skipsBlankLinesAndCommentLines() {
        var framer = NMEAFramer()
        var lines: [FramedLine] = []
        framer.append(Array("# Name: test capture\r\n\r\n\n\(gga)\r\n\r\n# between data\n\(rmc)\n".utf8)) {
            lines.append($0.framedLine)
        }
        #expect(lines == [.sentence(gga), .sentence(rmc)])
        #expect(framer.statistics.comments == 2)
    }

    @Test func aHashInsideASentenceIsNotAComment() {
        let text = checksummed("GPTXT,01,01,02,#1 antenna ok")
        #expect(frameLines(text + "\n") == [.sentence(text)])
    }

    @Test func toleratesADoubledDollarPrefix() {
        #expect(frameLines("$" + gga + "\r\n") == [.sentence(gga)])
    }

    @Test func deliversEncapsulatedSentences() {
        let ais = "!AIVDM,1,1,,B,177KQJ5000G?tO`K>RA1wUbN0TKH,0*5C"
        var framer = NMEAFramer()
        var encapsulated: [Bool] = []
        framer.append(Array((ais + "\r\n").utf8)) { if case let .success(s) = $0 { encapsulated.append(s.isEncapsulated) } }
        #expect(encapsulated == [true])
    }

    @Test func skipsBinaryDataBetweenSentences() {
        var bytes = Array((gga + "\r\n").utf8)
        bytes += [0xB5, 0x62, 0x01, 0x07, 0x00, 0xFF, 0x0D, 0xBA, 0xCE, 0x10]
        bytes += Array((rmc + "\r\n").utf8)
        var framer = NMEAFramer()
        var lines: [FramedLine] = []
        framer.append(bytes) { lines.append($0.framedLine) }
        #expect(lines == [.sentence(gga), .sentence(rmc)])
        #expect(framer.statistics.garbageRuns == 2)
    }

    @Test func aDollarInTheMiddleOfALineStartsANewSentence() {
        let lines = frameLines("$GPGSV,3,1,12,01,4" + gga + "\r\n")
        #expect(lines == [.rejected(.interrupted), .sentence(gga)])
    }

    @Test func aCompleteSentenceGluedToTheNextIsKept() {
        #expect(frameLines(gga + rmc + "\n") == [.sentence(gga), .sentence(rmc)])
    }

    @Test func aCorruptLineCostsThatLineOnly() {
        let corrupt = gga.replacingOccurrences(of: "4807.038", with: "4807.03B")
        #expect(frameLines(corrupt + "\r\n" + rmc + "\r\n") == [
            .rejected(.checksumMismatch(transmitted: 0x47, computed: 0x3D)), .sentence(rmc),
        ])
    }

    @Test func discardsSentencesLongerThanTheLimitAndKeepsTheNext() {
        let configuration = NMEAFramer.Configuration(maximumSentenceLength: 40)
        let long = checksummed("GPTXT," + String(repeating: "x", count: 60))
        let short = checksummed("GPTXT,ok")
        for chunkSizes in [[], [1], [7, 3, 50]] {
            #expect(frameLines(long + "\r\n" + short + "\r\n", chunkSizes: chunkSizes, configuration: configuration)
                == [.rejected(.tooLong), .sentence(short)], "chunks \(chunkSizes)")
        }
    }

    @Test func theLimitCountsFromDollarThroughTheChecksum() {
        let sentence = checksummed("GPTXT,abc")  // 13 bytes
        for (limit, expected) in [(13, FramedLine.sentence(sentence)), (12, .rejected(.tooLong))] {
            let configuration = NMEAFramer.Configuration(maximumSentenceLength: limit)
            for chunkSizes in [[], [1], [10]] {
                #expect(frameLines(sentence + "\n", chunkSizes: chunkSizes, configuration: configuration) == [expected])
            }
        }
    }

    @Test func theDefaultLimitKeepsLongProprietarySentences() {
        let pmtk = checksummed("PMTK" + String(repeating: "1,", count: 99))  // 205 bytes, like MTK's
        #expect(frameLines(pmtk + "\r\n") == [.sentence(pmtk)])
    }

    @Test func holdsAPartialSentenceBetweenChunks() {
        var framer = NMEAFramer()
        var lines: [FramedLine] = []
        let bytes = Array((gga + "\r\n").utf8)
        framer.append(Array(bytes[..<30])) { lines.append($0.framedLine) }
        #expect(lines.isEmpty)
        framer.append(Array(bytes[30...])) { lines.append($0.framedLine) }
        #expect(lines == [.sentence(gga)])
    }

    @Test func finishValidatesALastLineWithoutALineEnd() {
        #expect(frameLines(gga + "\r\n" + rmc) == [.sentence(gga), .sentence(rmc)])
        #expect(frameLines(gga + "\r\n$GPRMC,0818") == [.sentence(gga), .rejected(.missingChecksum)])
    }

    @Test func resetDropsAPartialSentence() {
        var framer = NMEAFramer()
        var lines: [FramedLine] = []
        framer.append(Array("$GPGGA,1235".utf8)) { lines.append($0.framedLine) }
        framer.reset()
        framer.append(Array((rmc + "\n").utf8)) { lines.append($0.framedLine) }
        #expect(lines == [.sentence(rmc)])
    }

    @Test func splittingMessyInputAtEveryPointGivesTheSameSentences() {
        let messy = "# capture\r\n\(gga)\r\n\r\n$\(rmc)\n\u{01}\u{02}junk\(gga)\r$GPGSV,1,1,$GPTXT\n"
            + checksummed("GPTXT," + String(repeating: "y", count: 300)) + "\n" + rmc
        let bytes = Array(messy.utf8)
        let whole = frameLines(bytes)
        #expect(whole.count == 7)
        for split in 1..<bytes.count {
            var framer = NMEAFramer()
            var lines: [FramedLine] = []
            framer.append(Array(bytes[..<split])) { lines.append($0.framedLine) }
            framer.append(Array(bytes[split...])) { lines.append($0.framedLine) }
            framer.finish { lines.append($0.framedLine) }
            #expect(lines == whole, "split at \(split)")
        }
        #expect(frameLines(bytes, chunkSizes: [1]) == whole)
    }

    @Test func statisticsCountEveryOutcome() {
        var framer = NMEAFramer()
        let text = "\(gga)\n\(gga.dropLast())0\n$GPGGA,1\n$GPGGA,1*4\n$GP,$GPTXT,x*00\n# c\n\u{7}\n"
        framer.append(Array(text.utf8)) { _ in }
        let statistics = framer.statistics
        #expect(statistics.sentences == 1)
        #expect(statistics.checksumMismatches == 2)
        #expect(statistics.missingChecksums == 1)
        #expect(statistics.malformedChecksums == 1)
        #expect(statistics.interruptedSentences == 1)
        #expect(statistics.comments == 1)
        #expect(statistics.garbageRuns == 1)
        #expect(statistics.rejectedSentences == 5)
    }
}

extension Result where Success == NMEASentence, Failure == NMEAError {
    /// The result as a value that outlives the framer's closure.
    var framedLine: FramedLine {
        switch self {
        case let .success(sentence): .sentence(sentence.text)
        case let .failure(error): .rejected(error)
        }
    }
}
