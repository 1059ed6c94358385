/* "Why this job?" panel.
 *
 * Everything from the server is untrusted text (the model's words and the job posting):
 * it reaches the page through textContent and createElement only, never innerHTML, and
 * highlighting splits existing text nodes instead of building HTML from strings.
 * The words shown come from data attributes the server rendered (translatable there).
 */
(function () {
  "use strict";

  var panel = document.getElementById("explain-panel");
  if (!panel) { return; }
  var form = panel.querySelector("[data-explain-form]");
  var button = panel.querySelector("[data-explain-button]");
  var statusLine = panel.querySelector("[data-explain-status]");
  var resultBox = panel.querySelector("[data-explain-result]");
  var reasonsTemplate = panel.querySelector("[data-explain-reasons]");
  var textHolder = panel.querySelector("[data-explain-text]");
  if (!form || !button || !resultBox || !textHolder) { return; }

  var words = textHolder.dataset;
  var buttonLabel = button.textContent;
  var ticker = null;
  var cooldown = null;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }

  function userText(tag, className, text) {
    var node = el(tag, className, text);
    node.dir = "auto";
    return node;
  }

  function csrfToken() {
    var input = form.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  /* ---- progress: visible, announced, and the button disabled while waiting ---- */

  function startProgress() {
    var started = Date.now();
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    button.textContent = words.working;
    panel.classList.add("explain-busy");
    resultBox.setAttribute("aria-busy", "true");
    statusLine.replaceChildren();
    statusLine.appendChild(el("span", "explain-spinner")).setAttribute("aria-hidden", "true");
    statusLine.appendChild(el("span", "explain-progress-text", words.busy));
    var elapsed = el("span", "explain-elapsed");
    elapsed.setAttribute("aria-hidden", "true");  /* a ticking number is noise to a screen reader */
    statusLine.appendChild(elapsed);
    ticker = window.setInterval(function () {
      var seconds = Math.floor((Date.now() - started) / 1000);
      elapsed.textContent = seconds ? words.elapsed.replace("%(seconds)s", String(seconds)) : "";
    }, 1000);
  }

  function stopProgress(message, retryAfter) {
    if (ticker) { window.clearInterval(ticker); ticker = null; }
    panel.classList.remove("explain-busy");
    resultBox.removeAttribute("aria-busy");
    button.removeAttribute("aria-busy");
    button.textContent = buttonLabel;
    statusLine.replaceChildren(el("span", "explain-progress-done", message));
    if (retryAfter) {
      /* Rate limited: asking again before the window ends would only be refused. */
      if (cooldown) { window.clearTimeout(cooldown); }
      cooldown = window.setTimeout(function () { button.disabled = false; cooldown = null; }, retryAfter * 1000);
    } else {
      button.disabled = false;
    }
  }

  /* ---- highlighting the quoted words in the posting, by the verifier's offsets ---- */

  function clearHighlights() {
    var marks = document.querySelectorAll("[data-explain-posting] mark.explain-highlight");
    Array.prototype.forEach.call(marks, function (mark) {
      var parent = mark.parentNode;
      while (mark.firstChild) { parent.insertBefore(mark.firstChild, mark); }
      parent.removeChild(mark);
      parent.normalize();
    });
    Array.prototype.forEach.call(panel.querySelectorAll(".explain-point-active"), function (li) {
      li.classList.remove("explain-point-active");
    });
  }

  /* Offsets count code points (Python); JavaScript strings count UTF-16 units. */
  function codePointsToUnits(text, offset) {
    var units = 0;
    var seen = 0;
    while (seen < offset && units < text.length) {
      var code = text.charCodeAt(units);
      units += (code >= 0xd800 && code <= 0xdbff) ? 2 : 1;
      seen += 1;
    }
    return units;
  }

  /* Where [start, end) of the field's value sits in the element's text. The server
   * stripped the value and counts "\r\n" as two characters, while the page may show
   * leading white space and the HTML parser turns "\r\n" into "\n": when the offsets do
   * not land on the quoted words, take the occurrence of those words nearest to them. */
  function locate(full, span, quote) {
    var lead = full.length - full.replace(/^\s+/, "").length;
    var body = full.slice(lead);
    var start = lead + codePointsToUnits(body, span.field_start);
    var end = lead + codePointsToUnits(body, span.field_end);
    var wanted = String(quote || "").replace(/\r/g, "");
    if (!wanted || full.slice(start, end) === wanted) { return [start, end]; }
    var best = -1;
    var at = full.indexOf(wanted);
    while (at !== -1) {
      if (best === -1 || Math.abs(at - start) < Math.abs(best - start)) { best = at; }
      at = full.indexOf(wanted, at + 1);
    }
    return best === -1 ? [start, end] : [best, best + wanted.length];
  }

  function fieldElement(name) {
    var safe = String(name || "").replace(/[^a-z0-9_-]/gi, "");
    if (!safe) { return null; }
    return document.querySelector('[data-explain-posting] [data-explain-field="' + safe + '"]');
  }

  function highlight(item, li, scroll) {
    clearHighlights();
    li.classList.add("explain-point-active");
    var span = item.job_span;
    if (!span || !span.field || span.field_start === null) { return; }
    var field = fieldElement(span.field);
    if (!field) { return; }
    var range = locate(field.textContent, span, item.job_quote);
    var walker = document.createTreeWalker(field, NodeFilter.SHOW_TEXT);
    var pos = 0;
    var pieces = [];
    var node;
    while ((node = walker.nextNode())) {
      var nodeStart = pos;
      var nodeEnd = pos + node.nodeValue.length;
      if (nodeEnd > range[0] && nodeStart < range[1]) {
        pieces.push([node, Math.max(range[0], nodeStart) - nodeStart, Math.min(range[1], nodeEnd) - nodeStart]);
      }
      pos = nodeEnd;
    }
    pieces.forEach(function (piece) {
      var target = piece[0];
      if (piece[1] > 0) { target = target.splitText(piece[1]); }
      if (piece[2] - piece[1] < target.nodeValue.length) { target.splitText(piece[2] - piece[1]); }
      var mark = el("mark", "explain-highlight");
      target.parentNode.insertBefore(mark, target);
      mark.appendChild(target);
    });
    var first = document.querySelector("[data-explain-posting] mark.explain-highlight");
    if (scroll && first && first.scrollIntoView) { first.scrollIntoView({ block: "nearest" }); }
  }

  /* ---- "this looks wrong" ---- */

  function reportControl(data, item) {
    var details = el("details", "explain-report");
    details.appendChild(el("summary", null, words.reportSummary));
    var reportForm = el("form", "explain-report-form");
    var label = el("label", null, words.reportLabel + " ");
    var select = el("select");
    select.name = "reason";
    if (reasonsTemplate) {
      Array.prototype.forEach.call(reasonsTemplate.content.querySelectorAll("option"), function (opt) {
        var option = el("option", null, opt.textContent);
        option.value = opt.value;
        select.appendChild(option);
      });
    }
    label.appendChild(select);
    var send = el("button", null, words.reportSend);
    send.type = "submit";
    var done = el("p", "explain-report-status");
    done.setAttribute("role", "status");
    reportForm.appendChild(label);
    reportForm.appendChild(send);
    reportForm.addEventListener("submit", function (event) {
      event.preventDefault();
      send.disabled = true;
      fetch(panel.dataset.feedbackUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": csrfToken() },
        body: JSON.stringify({ log_id: data.log_id, kind: item.kind, index: item.index, reason: select.value })
      }).then(function (response) {
        if (response.ok) {
          reportForm.remove();
          done.textContent = words.reportSaved;
        } else {
          done.textContent = words.reportFailed;
          send.disabled = false;
        }
      }).catch(function () {
        done.textContent = words.reportFailed;
        send.disabled = false;
      });
    });
    details.appendChild(reportForm);
    details.appendChild(done);
    return details;
  }

  /* ---- rendering ---- */

  function quoteRow(label, quote) {
    var row = el("div", "explain-quote-row");
    row.appendChild(el("dt", null, label));
    var dd;
    if (quote) {
      dd = el("dd");
      dd.appendChild(userText("q", null, quote));
    } else {
      dd = el("dd", "explain-not-mentioned", words.notMentioned);
    }
    row.appendChild(dd);
    return row;
  }

  function renderPoint(data, item) {
    var li = el("li", "explain-point explain-" + (item.kind === "gap" ? "gap" : "match"));
    li.tabIndex = 0;
    li.appendChild(userText("p", "explain-point-text", item.point));
    var quotes = el("dl", "explain-quotes");
    quotes.appendChild(quoteRow(words.yourProfile, item.profile_quote));
    quotes.appendChild(quoteRow(words.thisJob, item.job_quote));
    li.appendChild(quotes);
    if (data.log_id) { li.appendChild(reportControl(data, item)); }
    li.addEventListener("mouseenter", function () { highlight(item, li, false); });
    li.addEventListener("focusin", function (event) {
      if (event.target === li) { highlight(item, li, true); }
    });
    return li;
  }

  function renderList(data, heading, items, note) {
    var frag = document.createDocumentFragment();
    if (!items.length) { return frag; }
    frag.appendChild(el("h3", "explain-list-heading", heading));
    if (note) { frag.appendChild(el("p", "explain-gap-note", note)); }
    var list = el("ol", "explain-points");
    items.forEach(function (item) { list.appendChild(renderPoint(data, item)); });
    frag.appendChild(list);
    return frag;
  }

  function render(data) {
    clearHighlights();
    resultBox.replaceChildren();
    var body = el("div", "explain-result-body");
    body.dataset.outcome = String(data.outcome || "");
    if (!data.ok) {
      var error = el("p", "explain-error", data.error || words.genericError);
      error.classList.add("explain-error-" + String(data.outcome || "unknown").replace(/[^a-z_]/g, ""));
      error.setAttribute("role", "alert");
      body.appendChild(error);
      resultBox.appendChild(body);
      return;
    }
    if (data.demo) { body.appendChild(el("p", "explain-demo", words.demoAnswer)); }
    var notice = el("p", "explain-notice", data.notice);
    notice.classList.add(data.dropped ? "explain-notice-removed" : "explain-notice-clean");
    body.appendChild(notice);
    if (data.dropped) {
      var details = el("details", "explain-why");
      details.appendChild(el("summary", null, words.why));
      details.appendChild(el("p", null, words.whyIntro));
      var reasons = el("ul");
      (data.drop_reason_lines || []).forEach(function (line) {
        reasons.appendChild(el("li", null, line.line));
      });
      details.appendChild(reasons);
      body.appendChild(details);
    }
    var matches = data.matches || [];
    var gaps = data.gaps || [];
    if (matches.length || gaps.length) { body.appendChild(el("p", "explain-hint", words.hint)); }
    body.appendChild(renderList(data, words.matchesHeading, matches));
    body.appendChild(renderList(data, words.gapsHeading, gaps, words.gapNote));
    resultBox.appendChild(body);
  }

  /* ---- streaming (explain-stream.js reads the lines): each point is drawn as soon as
   * the server verified it; the notice, summary and report controls come with the
   * result line, which is the whole answer and is drawn as above. ---- */

  function streamedView() {
    var body = resultBox.querySelector(".explain-streaming");
    if (body) { return body; }
    body = el("div", "explain-result-body explain-streaming");
    body.appendChild(el("div", "explain-streamed-matches"));
    body.appendChild(el("div", "explain-streamed-gaps"));
    resultBox.replaceChildren(body);
    return body;
  }

  function showStreamedPoint(item) {
    var gap = item.kind === "gap";
    var section = streamedView().querySelector(gap ? ".explain-streamed-gaps" : ".explain-streamed-matches");
    var list = section.querySelector("ol");
    if (!list) {
      section.appendChild(el("h3", "explain-list-heading", gap ? words.gapsHeading : words.matchesHeading));
      if (gap) { section.appendChild(el("p", "explain-gap-note", words.gapNote)); }
      list = section.appendChild(el("ol", "explain-points"));
    }
    list.appendChild(renderPoint({ log_id: null }, item));
  }

  function showStreamedResult(data) {
    var shown = resultBox.querySelector(".explain-streaming");
    if (data.ok || !shown) { render(data); return; }
    /* The provider failed part-way: the points already shown stay, marked as no answer. */
    var error = el("p", "explain-error", data.error || words.genericError);
    error.classList.add("explain-error-" + String(data.outcome || "unknown").replace(/[^a-z_]/g, ""));
    error.setAttribute("role", "alert");
    shown.dataset.outcome = String(data.outcome || "");
    shown.insertBefore(error, shown.firstChild);
  }

  // The app's own payload carries an outcome; anything else (a proxy's page, a host's
  // error handler, a CSRF or login refusal) is read by its status code alone.
  function whole(response) {
    return response.json().catch(function () { return null; }).then(function (data) {
      if (data && typeof data.outcome === "string") { return data; }
      var status = response.status;
      if (status === 401 || status === 403) { return { ok: false, outcome: "forbidden", error: words.sessionError }; }
      if (status === 429) {
        var seconds = Number(response.headers.get("Retry-After")) || 0;
        return { ok: false, outcome: "rate_limited", error: words.rateLimited, retry_after: seconds };
      }
      return { ok: false, outcome: "unknown", error: words.genericError };
    });
  }

  function requestStreamed() {
    return fetch(panel.dataset.apiUrl + "?stream=1", {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken(), "Accept": "application/x-ndjson" }
    }).then(function (response) {
      if (!window.explainStream.isStream(response)) { return whole(response); }
      var result = null;
      return window.explainStream.readLines(response, function (line) {
        if (line.event === "point") { showStreamedPoint(line); }
        else if (line.event === "result") { result = line; }
      }).then(function () {
        return result || { ok: false, error: words.networkError };
      });
    });
  }

  function requestWhole() {
    return fetch(panel.dataset.apiUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken(), "Accept": "application/json" }
    }).then(whole);
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (button.disabled) { return; }
    startProgress();
    resultBox.replaceChildren();
    clearHighlights();
    (window.explainStream ? requestStreamed() : requestWhole()).then(function (data) {
      showStreamedResult(data);
      stopProgress(data.ok ? words.ready : words.failed, data.ok ? 0 : Number(data.retry_after) || 0);
    }).catch(function () {
      showStreamedResult({ ok: false, error: words.networkError });
      stopProgress(words.failed, 0);
    });
  });
})();
