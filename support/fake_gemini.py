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
    server.reply_with_thoughts_only()       # HTTP 200, a thought summary, no answer
    server.go_down(stall=5.0)               # an outage: 503 after a stall

``POST /{version}/models/{model}:streamGenerateContent?alt=sse`` (what the SDK's
``generate_content_stream`` calls) answers with server-sent events, one
generateContent-shaped chunk each, as Gemini streams. A plain reply goes out as one
event; ``reply_streaming`` paces the answer text like a model writing it:

    server.reply_streaming(draft, first_chunk_ms=400, tokens_per_second=200)
    server.reply_streaming(draft, drop_after_chunks=3)    # the connection is reset
    server.reply_streaming(draft, stall_after_chunks=3)   # then nothing, until stopped
    server.reply_streaming(text='{"matches": [{"po')      # cut JSON, a clean end
    server.reply_streaming(draft, continue_after_chunks=3)  # CONTINUATION, then the rest

It behaves like Gemini 3.x as Google serves it from 1 December 2026, whatever the reply:

- a retired model (RETIRED_MODELS) is answered 404 NOT_FOUND;
- a request carrying both thinking_level and thinking_budget is answered 400
  INVALID_ARGUMENT, and so are frequency or presence penalties sent to a 3.x Flash-Lite;
- a normal answer reports thoughtsTokenCount from the request's thinking setting, and
  thoughts count against maxOutputTokens: with thinking not bounded (no thinking config
  on a model that thinks by default, a HIGH level, a budget of -1) the answer ends in
  MAX_TOKENS, cut or empty, as the real API does.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import socket
import struct
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from support.two_step import text_in_shape

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

# Models Google no longer serves from 2026-12-01 (its deprecation notes).
RETIRED_MODELS = frozenset({"gemini-2.5-flash", "gemini-2.5-pro"})

# Thought tokens the fake spends by thinking level; unbounded thinking on a copying task
# still runs past any bound an app would set for a short JSON answer.
THOUGHTS_BY_LEVEL = {"MINIMAL": 12, "LOW": 600, "MEDIUM": 2500, "HIGH": 8000}
UNBOUNDED_THOUGHTS = 8000
DEFAULT_OUTPUT_LIMIT = 65536


@dataclass(frozen=True)
class RecordedRequest:
    """One request as the server saw it."""

    method: str
    path: str
    headers: dict[str, str]  # names lower-cased
    raw_body: bytes
    body: Any  # the parsed JSON, or None when the body was not JSON
    # When it arrived (time.monotonic), for the load runs' timelines.
    received_at: float = field(default_factory=time.monotonic)

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
    # A generateContent answer whose usage and finish the fake works out per request
    # from its thinking setting (None: send `body` as it is).
    answer: dict[str, Any] | None = None
    # Streamed answers: the text pieces, sent as one server-sent event each.
    stream: tuple[str, ...] | None = None
    first_chunk: float = 0.0  # seconds before the first event
    interval: float = 0.0  # seconds between events
    drop_after: int | None = None  # reset the connection after this many events
    stall_after: int | None = None  # go silent after this many events (until stopped)
    # End the first request's stream after this many events with finish CONTINUATION and
    # a continuation token; a request that carries the token gets the remaining events.
    continue_after: int | None = None
    finish_reason: str = "STOP"
    usage: dict[str, int] | None = None


# A token is about four characters of English or JSON (Google's own rule of thumb).
CHARS_PER_TOKEN = 4


def stream_pieces(text: str, *, tokens_per_chunk: int) -> tuple[str, ...]:
    """The text cut into the pieces one streamed event each carries."""
    size = max(1, tokens_per_chunk * CHARS_PER_TOKEN)
    return tuple(text[i : i + size] for i in range(0, len(text), size)) or ("",)


# The token the fake hands out with a CONTINUATION finish (base64, as the API sends bytes).
CONTINUATION_TOKEN = "ZmFrZS1jb250aW51YXRpb24tdG9rZW4="  # noqa: S105 - not a secret


def stream_chunk(
    piece: str,
    *,
    last: bool,
    finish_reason: str,
    usage: dict[str, int] | None,
    continuation_token: str | None = None,
) -> dict[str, Any]:
    """One streamed event: a generateContent answer holding the next piece of text.

    Every event carries the usage so far, as Gemini's do; only the last has a finish reason
    (and, when the answer goes on in another request, the token to resume from).
    """
    candidate: dict[str, Any] = {"content": {"parts": [{"text": piece}], "role": "model"}}
    candidate["index"] = 0
    if last:
        candidate["finishReason"] = finish_reason
        if continuation_token is not None:
            candidate["continuationToken"] = continuation_token
    meta = dict(DEFAULT_USAGE if usage is None else usage)
    if not last:
        meta = {"promptTokenCount": meta.get("promptTokenCount", 0)}
    return {
        "candidates": [candidate],
        "usageMetadata": meta,
        "modelVersion": "gemini-fake",
        "responseId": "fake-response-1",
    }


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
    if finish_reason == "RECITATION":
        candidate["citationMetadata"] = {
            "citationSources": [{"startIndex": 0, "endIndex": 120, "uri": "https://fake.example/"}]
        }
    return {
        "candidates": [candidate],
        "usageMetadata": dict(DEFAULT_USAGE if usage is None else usage),
        "modelVersion": model,
        "responseId": "fake-response-1",
    }


def error_body(status: int, message: str = PROVIDER_TEXT) -> dict[str, Any]:
    """A Google-style error body, as the API sends with a 4xx or 5xx: the details Google
    attaches for that status (support/gemini_shapes/error_*.json), none for the rest."""
    error: dict[str, Any] = {
        "code": status,
        "message": message,
        "status": GOOGLE_STATUS.get(status, "UNKNOWN"),
    }
    details = _ERROR_DETAILS.get(status)
    if details:
        error["details"] = [
            {**detail, "message": message} if "locale" in detail else detail for detail in details
        ]
    return {"error": error}


_ERROR_INFO = {
    "@type": "type.googleapis.com/google.rpc.ErrorInfo",
    "reason": "FAKE_REASON",
    "domain": "googleapis.com",
    "metadata": {"service": "generativelanguage.googleapis.com"},
}
_ERROR_DETAILS: dict[int, list[dict[str, Any]]] = {
    400: [
        _ERROR_INFO,
        {"@type": "type.googleapis.com/google.rpc.LocalizedMessage", "locale": "en-US"},
    ],
    401: [_ERROR_INFO],
    403: [
        {
            **_ERROR_INFO,
            "metadata": {"service": "generativelanguage.googleapis.com", "consumer": "projects/0"},
        }
    ],
    429: [
        {
            "@type": "type.googleapis.com/google.rpc.QuotaFailure",
            "violations": [
                {
                    "quotaMetric": "generativelanguage.googleapis.com/generate_content_requests",
                    "quotaId": "FAKE_REASON",
                    "quotaDimensions": {"location": "global", "model": "gemini-fake"},
                    "quotaValue": "15",
                }
            ],
        },
        {
            "@type": "type.googleapis.com/google.rpc.Help",
            "links": [{"description": "Rate limits", "url": "https://fake.example/limits"}],
        },
        {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "30s"},
    ],
}


def _prompt_texts(body: Any) -> tuple[str, str]:
    """The request's system instruction and its last user message."""
    if not isinstance(body, dict):
        return "", ""

    def text_of(content: Any) -> str:
        parts = content.get("parts", []) if isinstance(content, dict) else []
        return "".join(p.get("text", "") for p in parts if isinstance(p, dict))

    system = text_of(_field(body, "systemInstruction") or {})
    contents = body.get("contents") or [{}]
    return system, text_of(contents[-1] if isinstance(contents, list) else contents)


def _candidate_in_shape(answer: dict[str, Any], system: str, user: str) -> dict[str, Any]:
    """A candidate answer whose text is a draft, answered in the shape this call asks for."""
    try:
        part = answer["candidates"][0]["content"]["parts"][0]
        text = part["text"]
    except (KeyError, IndexError, TypeError):
        return answer
    if not isinstance(text, str):
        return answer
    shaped = text_in_shape(text, system=system, user=user)
    if shaped == text:
        return answer
    answer = copy.deepcopy(answer)
    answer["candidates"][0]["content"]["parts"][0]["text"] = shaped
    return answer


def in_shape(body: Any, reply: Reply) -> Reply:
    """The reply a test set up as a draft, answered in the shape of the call that came: the
    posting's requirements or the viewer's evidence (support/two_step.py)."""
    system, user = _prompt_texts(body)
    if reply.stream is not None:
        text = "".join(reply.stream)
        shaped = text_in_shape(text, system=system, user=user)
        if shaped == text:
            return reply
        size = max(1, len(reply.stream[0])) if len(reply.stream) > 1 else len(shaped) or 1
        pieces = tuple(shaped[i : i + size] for i in range(0, len(shaped), size)) or ("",)
        return dataclasses.replace(reply, stream=pieces)
    if reply.answer is not None:
        return dataclasses.replace(reply, answer=_candidate_in_shape(reply.answer, system, user))
    if reply.status == 200 and reply.body.startswith(b"{"):
        try:
            answer = json.loads(reply.body)
        except ValueError:
            return reply
        reshaped = _candidate_in_shape(answer, system, user)
        if reshaped is not answer:
            return dataclasses.replace(reply, body=json.dumps(reshaped).encode())
    return reply


def respond(path: str, body: Any, reply: Reply) -> Reply:
    """What the API would answer to this request, given the reply a test set up."""
    reply = in_shape(body, reply)
    method = path.split("?", 1)[0].rsplit(":", 1)[-1]
    if method not in ("generateContent", "streamGenerateContent"):
        return _error_reply(404, "no such method")
    model = path.split("?", 1)[0].rsplit("/models/", 1)[-1].split(":", 1)[0]
    if model in RETIRED_MODELS:
        return _error_reply(404, f"models/{model} is not found for API version v1")
    config = body.get("generationConfig", {}) if isinstance(body, dict) else {}
    thinking = _field(config, "thinkingConfig") or {}
    if _field(thinking, "thinkingLevel") is not None and (
        _field(thinking, "thinkingBudget") is not None
    ):
        return _error_reply(400, "thinking_level and thinking_budget cannot both be set")
    if (
        "flash-lite" in model
        and model.startswith("gemini-3")
        and any(
            _field(config, name) is not None for name in ("frequencyPenalty", "presencePenalty")
        )
    ):
        return _error_reply(400, "penalties are not supported by this model")
    if reply.answer is None:
        return reply
    answer = _think(reply.answer, model, config, thinking)
    return dataclasses.replace(reply, body=json.dumps(answer).encode(), answer=None)


def _field(mapping: dict[str, Any], camel: str) -> Any:
    """A request field by its camelCase or snake_case name (the API takes both)."""
    snake = "".join(f"_{c.lower()}" if c.isupper() else c for c in camel)
    return mapping.get(camel, mapping.get(snake))


def thoughts_for(model: str, thinking: dict[str, Any]) -> int:
    """Thought tokens spent on one answer at this thinking setting."""
    level = _field(thinking, "thinkingLevel")
    budget = _field(thinking, "thinkingBudget")
    if isinstance(level, str):
        return THOUGHTS_BY_LEVEL.get(level.upper(), UNBOUNDED_THOUGHTS)
    if isinstance(budget, int) and budget >= 0:
        return min(budget, UNBOUNDED_THOUGHTS)
    if budget is None and model.startswith("gemini-3") and "flash-lite" in model:
        return THOUGHTS_BY_LEVEL["MINIMAL"]  # 3.x Flash-Lite's own default
    return UNBOUNDED_THOUGHTS  # dynamic: the model thinks as long as it likes


def _think(
    answer: dict[str, Any], model: str, config: dict[str, Any], thinking: dict[str, Any]
) -> dict[str, Any]:
    """The answer with its usage, and cut at maxOutputTokens when thoughts ate the room."""
    answer = json.loads(json.dumps(answer))
    thoughts = thoughts_for(model, thinking)
    limit = _field(config, "maxOutputTokens") or DEFAULT_OUTPUT_LIMIT
    candidate = answer["candidates"][0]
    output = DEFAULT_USAGE["candidatesTokenCount"]
    if thoughts + output > limit:
        room = max(limit - thoughts, 0)
        candidate["finishReason"] = "MAX_TOKENS"
        parts = candidate.get("content", {}).get("parts", [])
        if room == 0 or not parts:
            candidate.pop("content", None)
        else:
            text = parts[0].get("text", "")
            parts[0]["text"] = text[: max(1, len(text) * room // output)]
        thoughts = min(thoughts, limit)
        output = room
    prompt = DEFAULT_USAGE["promptTokenCount"]
    answer["usageMetadata"] = {
        "promptTokenCount": prompt,
        "candidatesTokenCount": output,
        "thoughtsTokenCount": thoughts,
        "totalTokenCount": prompt + output + thoughts,
    }
    return answer


def _error_reply(status: int, message: str) -> Reply:
    return Reply(status=status, body=json.dumps(error_body(status, message)).encode())


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
        method = self.path.split("?", 1)[0].rsplit(":", 1)[-1]
        reply = respond(self.path, body, reply)
        if reply.delay and state.stopping.wait(reply.delay):
            return
        if reply.drop:
            self._drop()
            return
        if method == "streamGenerateContent" and reply.status == 200:
            resumed = isinstance(body, dict) and "continuationToken" in body
            self._stream(reply, resumed=resumed)
            return
        if method == "generateContent" and reply.stream is not None:
            # A streamed reply asked for in one piece: the whole text at once.
            reply = Reply(
                body=json.dumps(
                    candidate_response(
                        text="".join(reply.stream),
                        finish_reason=reply.finish_reason,
                        usage=reply.usage,
                    )
                ).encode()
            )
        try:
            self.send_response(reply.status)
            self.send_header("Content-Type", reply.content_type)
            self.send_header("Content-Length", str(len(reply.body)))
            self.end_headers()
            self.wfile.write(reply.body)
        except OSError:  # the client gave up (a timeout test): nothing to answer
            self.close_connection = True

    def _stream(self, reply: Reply, *, resumed: bool = False) -> None:
        """Server-sent events, as Gemini answers `:streamGenerateContent?alt=sse`."""
        if reply.stream is None:
            # A plain answer: one event holding all of it (the body is already JSON).
            events: list[bytes] = [reply.body]
        else:
            pieces, finish, token = reply.stream, reply.finish_reason, None
            if reply.continue_after is not None:
                if resumed:
                    pieces = pieces[reply.continue_after :]
                else:
                    pieces = pieces[: reply.continue_after]
                    finish, token = "CONTINUATION", CONTINUATION_TOKEN
            events = [
                json.dumps(
                    stream_chunk(
                        piece,
                        last=i == len(pieces) - 1,
                        finish_reason=finish,
                        usage=reply.usage,
                        continuation_token=token,
                    )
                ).encode()
                for i, piece in enumerate(pieces)
            ]
        stopping = self.server.state.stopping
        try:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            self.wfile.flush()
            due = time.monotonic() + reply.first_chunk
            for sent, event in enumerate(events):
                if reply.drop_after is not None and sent >= reply.drop_after:
                    self._drop()
                    return
                if reply.stall_after is not None and sent >= reply.stall_after:
                    stopping.wait()
                    self.close_connection = True
                    return
                if stopping.wait(max(0.0, due - time.monotonic())):
                    return
                self._chunk(b"data: " + event + b"\r\n\r\n")
                due += reply.interval
            self._chunk(b"")
        except OSError:  # the client went away mid-stream
            self.close_connection = True

    def _chunk(self, data: bytes) -> None:
        """One HTTP/1.1 chunk (an empty one ends the body), sent at once."""
        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()

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
        """A normal answer: one candidate whose text is the draft as JSON.

        Without `usage`, the fake works out the token counts from each request's thinking
        setting, and cuts the answer (MAX_TOKENS) when thoughts leave it no room.
        """
        answer = candidate_response(text=json.dumps(draft))
        if usage is not None:
            self.reply_with_json(candidate_response(text=json.dumps(draft), usage=usage))
            return
        self._set(Reply(body=json.dumps(answer).encode(), answer=answer))

    def reply_with_thoughts_only(self) -> None:
        """HTTP 200, finish STOP, and a candidate holding a thought summary and no answer."""
        answer = candidate_response(text=None)
        answer["candidates"][0]["content"] = {
            "parts": [{"text": "The posting asks for Java; the profile...", "thought": True}],
            "role": "model",
        }
        self.reply_with_json(answer)

    def go_down(self, *, stall: float = 5.0) -> None:
        """An outage: every request is held `stall` seconds, then answered 503 UNAVAILABLE."""
        body = json.dumps(error_body(503, "The model is overloaded.")).encode()
        self._set(Reply(status=503, body=body, delay=stall))

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
                "responseId": "fake-response-blocked",
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
            self._state.reply = dataclasses.replace(current, delay=seconds)

    def reply_streaming(
        self,
        draft: dict[str, Any] | None = None,
        *,
        text: str | None = None,
        first_chunk_ms: float = 0.0,
        tokens_per_second: float = 0.0,
        tokens_per_chunk: int = 8,
        drop_after_chunks: int | None = None,
        stall_after_chunks: int | None = None,
        continue_after_chunks: int | None = None,
        finish_reason: str = "STOP",
        usage: dict[str, int] | None = None,
    ) -> None:
        """Stream the draft (or any text) as a model writes it: the first event after
        first_chunk_ms, then tokens_per_chunk tokens per event at tokens_per_second
        (0: as fast as possible). The same reply, asked for with generateContent,
        comes back whole. With continue_after_chunks the first stream stops there with
        finish CONTINUATION and a continuation token, and a request resuming from the
        token gets the rest (as Gemini splits a long answer over requests)."""
        body = text if text is not None else json.dumps(draft or {"matches": [], "gaps": []})
        interval = tokens_per_chunk / tokens_per_second if tokens_per_second else 0.0
        self._set(
            Reply(
                stream=stream_pieces(body, tokens_per_chunk=tokens_per_chunk),
                first_chunk=first_chunk_ms / 1000,
                interval=interval,
                drop_after=drop_after_chunks,
                stall_after=stall_after_chunks,
                continue_after=continue_after_chunks,
                finish_reason=finish_reason,
                usage=usage,
            )
        )

    def reply_by_dropping_connection(self) -> None:
        """Read the request, then reset the connection without a response."""
        self._set(Reply(drop=True))


def closed_port() -> int:
    """A port on 127.0.0.1 with nothing listening (connection refused)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
