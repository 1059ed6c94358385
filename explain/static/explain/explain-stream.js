/* Reading a streamed explanation: NDJSON (one JSON object per line) over fetch.
 *
 * explainStream.readLines(response, onLine) calls onLine(object) for each complete line
 * as soon as it arrives, and resolves when the body ends. It only parses: what a line
 * holds is untrusted text, and explain.js puts it on the page with textContent.
 * The lines (docs/api.md, Streaming): {"event": "requirements"} first, the posting's
 * list with every state "pending" (explain.js draws the checklist at once); then one
 * {"event": "requirement"} per requirement as its state is checked (explain.js fills that
 * item in, by its id); older answers send {"event": "point"} lines; always last
 * {"event": "result"}, the whole answer, drawn in place of what was streamed.
 * Where a browser cannot read a body in pieces, the whole body is read, then split.
 */
(function () {
  "use strict";

  function readLines(response, onLine) {
    function handle(line) {
      if (line.trim()) { onLine(JSON.parse(line)); }
    }
    if (!response.body?.getReader || typeof TextDecoder === "undefined") {
      return response.text().then(function (text) { text.split("\n").forEach(handle); });
    }
    var reader = response.body.getReader();
    var decoder = new TextDecoder("utf-8");
    var buffer = "";
    function pump() {
      return reader.read().then(function (chunk) {
        if (chunk.done) {
          handle(buffer + decoder.decode());
          return undefined;
        }
        buffer += decoder.decode(chunk.value, { stream: true });
        var lines = buffer.split("\n");
        buffer = lines.pop();
        lines.forEach(handle);
        return pump();
      });
    }
    return pump();
  }

  function isStream(response) {
    return String(response.headers.get("Content-Type") || "").indexOf("application/x-ndjson") === 0;
  }

  window.explainStream = { readLines: readLines, isStream: isStream };
})();
