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
"""
import http.server
import sys
import threading
import time

RECORDS = b'[{"title":"Vertigo","year":1958},{"title":"Bullitt","year":1968}]'
CSV = b"title,year\nVertigo,1958\nBullitt,1968\n"
seen = set()
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

    def do_GET(self):
        path, _, query = self.path.partition("?")
        if path == "/films.json":
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

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
