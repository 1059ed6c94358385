"""A fake Gemini API on 127.0.0.1, for driving the real google-genai SDK in tests.

It speaks ``POST /{version}/models/{model}:generateContent``, records every request
(path, headers, JSON body) and answers the way the real API does, in camelCase JSON.
What it answers is set per test with one of the ``reply_*`` methods, and applies to
every request until changed:

    server.reply_with_draft({"matches": [...], "gaps": [...]})
    server.reply_with_error(429)
    server.reply_with_delay(2.0)            # then answers with the current reply
    server.reply_with_raw(b"<html>oops")    # HTTP 200, not JSON
    server.reply_with_candidate_text("{not json")
    server.reply_with_finish("SAFETY")
    server.reply_blocked("SAFETY")
    server.reply_by_dropping_connection()
"""

from __future__ import annotations

import json
import socket
import struct
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

# Text the fake puts in every error body: it must never reach a user or a log.
PROVIDER_TEXT = "FAKE-PROVIDER-DETAIL: quota project 4242 internal trace id zx81"

GOOGLE_STATUS = {
    400: "INVALID_ARGUMENT",
    401: "UNAUTHENTICATED",
    403: "PERMISSION_DENIED",
    404: "NOT_FOUND",
    429: "RESOURCE_EXHAUSTED",
    500: "INTERNAL",
    503: "UNAVAILABLE",
    504: "DEADLINE_EXCEEDED",
}

DEFAULT_USAGE = {
    "promptTokenCount": 321,
    "candidatesTokenCount": 87,
    "thoughtsTokenCount": 12,
    "totalTokenCount": 420,
}


@dataclass(frozen=True)
class RecordedRequest:
    """One request as the server saw it."""

    method: str
    path: str
    headers: dict[str, str]  # names lower-cased
    raw_body: bytes
    body: Any  # the parsed JSON, or None when the body was not JSON

    @property
    def model(self) -> str:
        """The model named in the path: /v1beta/models/<model>:generateContent."""
        tail = self.path.split("?", 1)[0].rsplit("/models/", 1)[-1]
        return tail.split(":", 1)[0]


@dataclass(frozen=True)
class Reply:
    """What to send back: an HTTP status and a body, or a dropped connection."""

    status: int = 200
    body: bytes = b""
    content_type: str = "application/json; charset=UTF-8"
    delay: float = 0.0
    drop: bool = False


def candidate_response(
    *,
    text: str | None,
    finish_reason: str = "STOP",
    usage: dict[str, int] | None = None,
    model: str = "gemini-fake",
) -> dict[str, Any]:
    """A generateContent answer with one candidate (no content when text is None)."""
    candidate: dict[str, Any] = {"finishReason": finish_reason, "index": 0}
    if text is not None:
        candidate["content"] = {"parts": [{"text": text}], "role": "model"}
    if finish_reason == "SAFETY":
        candidate["safetyRatings"] = [
            {
                "category": "HARM_CATEGORY_DANGEROUS_CONTENT",
                "probability": "HIGH",
                "blocked": True,
            }
        ]
    return {
        "candidates": [candidate],
        "usageMetadata": dict(DEFAULT_USAGE if usage is None else usage),
        "modelVersion": model,
        "responseId": "fake-response-1",
    }


def error_body(status: int, message: str = PROVIDER_TEXT) -> dict[str, Any]:
    """A Google-style error body, as the API sends with a 4xx or 5xx."""
    return {
        "error": {
            "code": status,
            "message": message,
            "status": GOOGLE_STATUS.get(status, "UNKNOWN"),
            "details": [
                {
                    "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                    "reason": "FAKE_REASON",
                    "domain": "googleapis.com",
                    "metadata": {"service": "generativelanguage.googleapis.com"},
                }
            ],
        }
    }


@dataclass
class _State:
    reply: Reply = field(default_factory=lambda: Reply(status=500, body=b"{}"))
    requests: list[RecordedRequest] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    stopping: threading.Event = field(default_factory=threading.Event)


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body go out at once, no 40 ms stall

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the test output is not the place for an access log."""

    def do_POST(self) -> None:
        state = self.server.state
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = None
        with state.lock:
            state.requests.append(
                RecordedRequest(
                    method="POST",
                    path=self.path,
                    headers={k.lower(): v for k, v in self.headers.items()},
                    raw_body=raw,
                    body=body,
                )
            )
            reply = state.reply
        if not self.path.split("?", 1)[0].endswith(":generateContent"):
            reply = Reply(status=404, body=json.dumps(error_body(404, "no such method")).encode())
        if reply.delay and state.stopping.wait(reply.delay):
            return
        if reply.drop:
            self._drop()
            return
        try:
            self.send_response(reply.status)
            self.send_header("Content-Type", reply.content_type)
            self.send_header("Content-Length", str(len(reply.body)))
            self.end_headers()
            self.wfile.write(reply.body)
        except OSError:  # the client gave up (a timeout test): nothing to answer
            self.close_connection = True

    def do_GET(self) -> None:
        self.send_error(405)

    def _drop(self) -> None:
        """Close the socket with no answer at all (a reset, as a crashed proxy does)."""
        self.close_connection = True
        try:
            # Linger on, zero seconds: close() sends a reset instead of a clean FIN.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    # socketserver's default listen queue is 5: a burst of connections (`make load` sends
    # 200 at once) would see dropped SYNs and 1-s retransmits that belong to the fake.
    request_queue_size = 128

    def __init__(self, state: _State) -> None:
        self.state = state
        super().__init__(("127.0.0.1", 0), _Handler)


class FakeGeminiServer:
    """A threaded fake of the Gemini generateContent endpoint on an ephemeral port."""

    def __init__(self) -> None:
        self._state = _State()
        self._server = _Server(self._state)
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self.reply_with_draft({"matches": [], "gaps": []})

    # --- lifecycle -------------------------------------------------------------------

    def start(self) -> FakeGeminiServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._state.stopping.set()  # wakes any delayed handler
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> FakeGeminiServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    # --- what was asked --------------------------------------------------------------

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._state.lock:
            return list(self._state.requests)

    @property
    def last(self) -> RecordedRequest:
        requests = self.requests
        assert requests, "the fake Gemini server received no request"
        return requests[-1]

    def clear(self) -> None:
        with self._state.lock:
            self._state.requests.clear()

    # --- what to answer --------------------------------------------------------------

    def _set(self, reply: Reply) -> None:
        with self._state.lock:
            self._state.reply = reply

    def reply_with_json(self, payload: Any, *, status: int = 200) -> None:
        self._set(Reply(status=status, body=json.dumps(payload).encode()))

    def reply_with_draft(
        self, draft: dict[str, Any], *, usage: dict[str, int] | None = None
    ) -> None:
        """A normal answer: one candidate whose text is the draft as JSON."""
        self.reply_with_json(candidate_response(text=json.dumps(draft), usage=usage))

    def reply_with_candidate_text(self, text: str, *, finish_reason: str = "STOP") -> None:
        """A candidate whose text is whatever is given (invalid JSON, a wrong shape...)."""
        self.reply_with_json(candidate_response(text=text, finish_reason=finish_reason))

    def reply_with_finish(self, finish_reason: str, *, text: str | None = None) -> None:
        """A candidate stopped for a reason, e.g. SAFETY (no text) or MAX_TOKENS (cut text)."""
        self.reply_with_json(candidate_response(text=text, finish_reason=finish_reason))

    def reply_blocked(self, reason: str = "SAFETY") -> None:
        """The prompt itself was blocked: no candidates, only promptFeedback."""
        self.reply_with_json(
            {
                "promptFeedback": {
                    "blockReason": reason,
                    "safetyRatings": [
                        {"category": "HARM_CATEGORY_HARASSMENT", "probability": "HIGH"}
                    ],
                },
                "usageMetadata": {"promptTokenCount": 300, "totalTokenCount": 300},
                "modelVersion": "gemini-fake",
            }
        )

    def reply_with_error(self, status: int, *, message: str = PROVIDER_TEXT) -> None:
        """An HTTP error with a Google-style error body."""
        self.reply_with_json(error_body(status, message), status=status)

    def reply_with_raw(
        self, body: bytes, *, status: int = 200, content_type: str = "text/html"
    ) -> None:
        """Any bytes at all, e.g. an HTML error page from a proxy with HTTP 200."""
        self._set(Reply(status=status, body=body, content_type=content_type))

    def reply_with_delay(self, seconds: float) -> None:
        """Wait before answering with the current reply (past a client's timeout)."""
        with self._state.lock:
            current = self._state.reply
            self._state.reply = Reply(
                status=current.status,
                body=current.body,
                content_type=current.content_type,
                delay=seconds,
                drop=current.drop,
            )

    def reply_by_dropping_connection(self) -> None:
        """Read the request, then reset the connection without a response."""
        self._set(Reply(drop=True))


def closed_port() -> int:
    """A port on 127.0.0.1 with nothing listening (connection refused)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
