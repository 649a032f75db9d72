import Foundation
import SluiceCore

extension FetchCommand {
    /// Reads an HTTP(S) source page by page (one page when not paging): each page's records
    /// are written as soon as it arrives, then ``Paginator`` picks the next URL. A failure on
    /// page N > 1 names the page reached; the records of earlier pages are already out.
    ///
    ///     sluice-fetch: http://h/ads?page=7: HTTP 500 Internal Server Error (stopped at page 7;
    ///     pages 1–6 were written; re-run with --cache DIR to resume without downloading them again)
    mutating func fetchPages(from start: URL, _ context: StageContext) throws {
        var url = query.applied(to: paginator.first(start))
        let sourceLabel = sourceName ?? client.name(of: url)
        var pages = paginator
        var number = 1
        var rowOffset = 0
        while true {
            let pageName = client.name(of: url)
            do {
                try pages.visit(pageName, page: number)
            } catch {
                throw StageFailure(.dataError, describe(error, source: sourceLabel))
            }
            if number > 1, delay > 0 { Thread.sleep(forTimeInterval: delay) }
            let recordsBefore = context.accounting.recordsIn
            let page: Paginator.Page
            do {
                page = try read(url, page: number, rowOffset: rowOffset, label: pages.isPaging ? sourceLabel : (sourceName ?? pageName), context)
            } catch let failure as StageFailure where number > 1 {
                let resume =
                    client.cache == nil ? "re-run with --cache DIR to resume without downloading them again" : "a re-run reuses them from the cache"
                throw StageFailure(failure.exitCode, "\(failure.message) (stopped at page \(number); pages 1–\(number - 1) were written; \(resume))")
            }
            rowOffset += context.accounting.recordsIn - recordsBefore
            pagesRead += 1
            let next: URL?
            do {
                next = try pages.next(after: page).map(query.applied)
            } catch {
                throw StageFailure(.dataError, describe(error, source: sourceLabel))
            }
            guard let next else { return }
            guard number < pages.maxPages else {
                context.warn("\(sourceLabel): stopped after --max-pages \(pages.maxPages); more pages remained (next: \(client.name(of: next)))")
                return
            }
            url = next
            number += 1
        }
    }

    /// Fetches one page and writes its records.
    mutating func read(_ url: URL, page number: Int, rowOffset: Int, label: String, _ context: StageContext) throws -> Paginator.Page {
        let body = try client.get(url)
        defer { body.discard() }
        let (fd, _) = try StageContext.openInput(body.file.path)
        defer { _ = Foundation.close(fd) }
        var emitter = RecordEmitter(context: context, source: label)
        if paginator.isPaging {
            emitter.page = number
            emitter.rowOffset = rowOffset
        }
        emitter.dates = dates
        emitter.constants = constants
        emitter.member = member
        let recordsBefore = context.accounting.recordsIn
        let document = try emit(fd: fd, contentType: body.contentType, base: url, emitter)
        return Paginator.Page(url: url, number: number, records: context.accounting.recordsIn - recordsBefore, document: document, link: body.link)
    }

    func describe(_ failure: Paginator.Failure, source: String) -> String {
        switch failure {
        case .cycle(let page, let target, let firstSeenOn):
            "\(source): next-link cycle: page \(page) links back to page \(firstSeenOn) (\(target)); stopping"
        case .notAURL(let page, let path, let found):
            client.secrets.redact("\(source): page \(page): the value at --next-at '\(path)' is not an http(s) URL: \(found)")
        }
    }
}
