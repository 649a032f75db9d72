#!/usr/bin/env python3
"""A small HTTP server for sluice-fetch's end-to-end tests, bound to 127.0.0.1 only.

Prints its port on the first line of stdout, then serves until killed:
  /films.json         a JSON array of two records
  /films.csv          the same as CSV (text/csv)
  /flaky?id=X         503 on the first request for X, then the records
  /limited?id=X       429 with Retry-After: 1 on the first request for X, then the records
  /missing            404
  /forbidden          403
  /slow               waits 5 s before answering
  /truncated          promises 1000 bytes, sends 20, closes
  /html               an HTML page with a 200
  /echo-header        the request's X-Api-Key header, as a JSON record
  /numbered?page=N    {"results":[2 records],"total_pages":3}, with an ETag (304 when matched)
  /until-empty?page=N top-level arrays of 2 records for pages 1-2, [] from page 3
  /next/N             {"results":[…],"links":{"next":"/next/N+1"}}, null after page 3
  /cycle/N            like /next, but page 2 links back to /cycle/1
  /linked?page=N      arrays with a Link rel="next" header, for pages 1-3
  /ten?page=N&run=R   10 pages with ETags; page 7 answers 500 the first time for run R
  /stats              {"full":N,"not_modified":M}: 200s and 304s sent by /ten and /numbered
  /keyed?api_key=K    records only when K is "s3cret-key", else 401
  /redirect-loop      302 to /redirect-loop-2, which redirects back
  /redirect-file      302 to file:///etc/passwd
  /big?mb=N           a JSON array of about N MB, streamed in pieces
"""
import json
import http.server
import threading
import time

RECORDS = b'[{"title":"Vertigo","year":1958},{"title":"Bullitt","year":1968}]'
CSV = b"title,year\nVertigo,1958\nBullitt,1968\n"
seen = set()
stats = {"full": 0, "not_modified": 0}
big_bodies = {}


def count(kind):
    with lock:
        stats[kind] += 1


def query_value(query, name, default=None):
    for part in query.split("&"):
        key, _, value = part.partition("=")
        if key == name:
            return value
    return default


def page_records(page):
    return [{"id": page * 10 + i, "title": "item %d.%d" % (page, i)} for i in (1, 2)]
lock = threading.Lock()


def first_time(key):
    with lock:
        if key in seen:
            return False
        seen.add(key)
        return True


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def send(self, status, body, content_type="application/json", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def send_json(self, value, headers=()):
        self.send(200, json.dumps(value, separators=(",", ":")).encode(), headers=headers)

    def send_validated(self, value, tag):
        etag = '"%s"' % tag
        if self.headers.get("If-None-Match") == etag:
            count("not_modified")
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return
        count("full")
        self.send_json(value, [("ETag", etag)])

    def do_GET(self):
        path, _, query = self.path.partition("?")
        page = int(query_value(query, "page", "1") or 1)
        if path == "/numbered":
            self.send_validated({"results": page_records(page), "total_pages": 3}, "n%d" % page)
        elif path == "/until-empty":
            self.send_json(page_records(page) if page <= 2 else [])
        elif path.startswith("/next/") or path.startswith("/cycle/"):
            base, number = path.rsplit("/", 1)
            number = int(number)
            following = None
            if number < 3:
                following = "%s/%d" % (base, number + 1)
            if base == "/cycle" and number == 2:
                following = "/cycle/1"
            self.send_json({"results": page_records(number), "links": {"next": following}})
        elif path == "/linked":
            headers = []
            if page < 3:
                headers = [("Link", '<http://127.0.0.1:%d/linked?page=%d>; rel="next", </linked?page=1>; rel="first"' % (self.server.server_address[1], page + 1))]
            self.send_json(page_records(page), headers)
        elif path == "/ten":
            if page == 7 and first_time("ten" + query_value(query, "run", "")):
                self.send(500, b"database down", "text/plain")
            else:
                self.send_validated({"results": page_records(page), "total_pages": 10}, "t%d" % page)
        elif path == "/stats":
            with lock:
                self.send_json(dict(stats))
        elif path == "/keyed":
            if query_value(query, "api_key") == "s3cret-key":
                self.send_json(page_records(1))
            else:
                self.send(401, b'{"status_message":"Invalid API key"}')
        elif path == "/redirect-loop" or path == "/redirect-loop-2":
            target = "/redirect-loop-2" if path == "/redirect-loop" else "/redirect-loop"
            self.send(302, b"", "text/plain", [("Location", target)])
        elif path == "/redirect-file":
            self.send(302, b"", "text/plain", [("Location", "file:///etc/passwd")])
        elif path == "/big":
            self.send_big(int(query_value(query, "mb", "50")))
        elif path == "/films.json":
            self.send(200, RECORDS)
        elif path == "/films.csv":
            self.send(200, CSV, "text/csv")
        elif path == "/flaky":
            if first_time("flaky" + query):
                self.send(503, b"busy", "text/plain")
            else:
                self.send(200, RECORDS)
        elif path == "/limited":
            if first_time("limited" + query):
                self.send(429, b"slow down", "text/plain", [("Retry-After", "1")])
            else:
                self.send(200, RECORDS)
        elif path == "/missing":
            self.send(404, b"not here", "text/plain")
        elif path == "/forbidden":
            self.send(403, b"no", "text/plain")
        elif path == "/slow":
            time.sleep(5)
            self.send(200, RECORDS)
        elif path == "/truncated":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(RECORDS[:20])
            self.wfile.flush()
            self.close_connection = True
        elif path == "/html":
            self.send(200, b"<html><body>Sign in</body></html>", "text/html; charset=utf-8")
        elif path == "/echo-header":
            key = self.headers.get("X-Api-Key", "")
            self.send(200, ('[{"key_seen":"%s"}]' % key).encode())
        else:
            self.send(404, b"unknown", "text/plain")

    def send_big(self, megabytes):
        # About 100 bytes a record; built once per size, then written 64 KiB at a time.
        with lock:
            body = big_bodies.get(megabytes)
            if body is None:
                record = '{"id":%%d,"title":"%s","note":"%s"}' % ("x" * 30, "y" * 40)
                body = ("[" + ",".join(record % i for i in range(megabytes * 10000)) + "]").encode()
                big_bodies[megabytes] = body
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        view = memoryview(body)
        for start in range(0, len(body), 1 << 16):
            self.wfile.write(view[start:start + (1 << 16)])

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
