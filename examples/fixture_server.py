#!/usr/bin/env python3
"""A static fixture web server for the Sluice example recipes, bound to 127.0.0.1 only.

    python3 examples/fixture_server.py SITE_DIR [--api-key KEY] [--log FILE]

Prints its port on the first line of stdout, then serves SITE_DIR until killed:
  GET /a/b?page=N   SITE_DIR/a/b.page-N.json when it exists (pagination), else
  GET /a/b          SITE_DIR/a/b, SITE_DIR/a/b.json or SITE_DIR/a/b.html
Every answer carries an ETag (a hash of the body) and Last-Modified (the file's time); a
request whose If-None-Match matches gets 304 Not Modified with no body. With --api-key, a
request without api_key=KEY in its query gets 401. With --log, each request is appended to FILE
as "METHOD PATH-WITHOUT-QUERY STATUS" (the query may hold the key, so it is not logged).
Files are read at each request, so a recipe can change the site between runs.
"""
import argparse
import email.utils
import hashlib
import http.server
import os
import threading
import urllib.parse

parser = argparse.ArgumentParser()
parser.add_argument("site")
parser.add_argument("--api-key")
parser.add_argument("--log")
options = parser.parse_args()
log_lock = threading.Lock()


def locate(path, page):
    root = os.path.abspath(options.site)
    base = os.path.normpath(os.path.join(root, path.lstrip("/")))
    if not base.startswith(root + os.sep):
        return None
    candidates = ["%s.page-%s.json" % (base, page)] if page else []
    candidates += [base, base + ".json", base + ".html"]
    for candidate in candidates:
        if os.path.isfile(candidate):
            return candidate
    return None


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def answer(self, status, body=b"", content_type="application/json", headers=()):
        self.send_response(status)
        if status != 304:
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if status != 304:
            self.wfile.write(body)
        if options.log:
            with log_lock, open(options.log, "a") as log:
                log.write("GET %s %d\n" % (urllib.parse.urlsplit(self.path).path, status))

    def do_GET(self):
        parts = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(parts.query)
        if options.api_key and query.get("api_key", [""])[0] != options.api_key:
            return self.answer(401, b'{"status_message":"Invalid API key: you must be granted a valid key."}')
        found = locate(parts.path, query.get("page", [None])[0])
        if not found:
            return self.answer(404, b'{"status_message":"The resource you requested could not be found."}')
        with open(found, "rb") as handle:
            body = handle.read()
        etag = '"%s"' % hashlib.sha1(body).hexdigest()[:16]
        modified = email.utils.formatdate(os.path.getmtime(found), usegmt=True)
        validators = [("ETag", etag), ("Last-Modified", modified)]
        if self.headers.get("If-None-Match") == etag:
            return self.answer(304, headers=validators)
        kind = "text/html; charset=utf-8" if found.endswith(".html") else "application/json"
        self.answer(200, body, kind, validators)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
