/* "Why this job?" panel. Everything from the server is untrusted text: it is put on the
 * page with textContent and createElement only, never innerHTML. */
(function () {
  "use strict";

  var panel = document.getElementById("explain-panel");
  if (!panel) { return; }
  var form = panel.querySelector("[data-explain-form]");
  var button = panel.querySelector("[data-explain-button]");
  var statusLine = panel.querySelector("[data-explain-status]");
  var resultBox = panel.querySelector("[data-explain-result]");
  var reasonsTemplate = panel.querySelector("[data-explain-reasons]");
  if (!form || !button || !resultBox) { return; }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }

  function csrfToken() {
    var input = form.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function setStatus(text) {
    if (statusLine) { statusLine.textContent = text; }
  }

  /* ---- highlighting the quoted words in the posting, by the verifier's offsets ---- */

  function clearHighlights() {
    var marks = document.querySelectorAll("mark.explain-highlight");
    Array.prototype.forEach.call(marks, function (mark) {
      var parent = mark.parentNode;
      while (mark.firstChild) { parent.insertBefore(mark.firstChild, mark); }
      parent.removeChild(mark);
      parent.normalize();
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

  function highlight(span) {
    clearHighlights();
    if (!span || !span.field) { return; }
    var field = document.querySelector('[data-explain-posting] [data-explain-field="' +
      String(span.field).replace(/[^a-z_]/g, "") + '"]');
    if (!field) { return; }
    var full = field.textContent;
    var start = codePointsToUnits(full, span.field_start);
    var end = codePointsToUnits(full, span.field_end);
    var walker = document.createTreeWalker(field, NodeFilter.SHOW_TEXT);
    var pos = 0;
    var pieces = [];
    var node;
    while ((node = walker.nextNode())) {
      var nodeStart = pos;
      var nodeEnd = pos + node.nodeValue.length;
      if (nodeEnd > start && nodeStart < end) {
        pieces.push([node, Math.max(start, nodeStart) - nodeStart, Math.min(end, nodeEnd) - nodeStart]);
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
    var first = document.querySelector("mark.explain-highlight");
    if (first && first.scrollIntoView) { first.scrollIntoView({ block: "nearest" }); }
  }

  /* ---- "this looks wrong" ---- */

  function reportControl(data, item) {
    var wrap = el("div", "explain-report");
    var label = el("label", null, "This looks wrong: ");
    var select = el("select");
    if (reasonsTemplate) {
      Array.prototype.forEach.call(reasonsTemplate.content.querySelectorAll("option"), function (opt) {
        select.appendChild(el("option", null, opt.textContent)).value = opt.value;
      });
    }
    label.appendChild(select);
    var send = el("button", null, "Report");
    send.type = "button";
    var done = el("span", "explain-report-status");
    done.setAttribute("role", "status");
    send.addEventListener("click", function () {
      send.disabled = true;
      fetch(panel.dataset.feedbackUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
        body: JSON.stringify({ log_id: data.log_id, kind: item.kind, index: item.index, reason: select.value })
      }).then(function (response) {
        done.textContent = response.ok ? "Thank you, your report was saved." : "That report could not be saved.";
        if (!response.ok) { send.disabled = false; }
      }).catch(function () {
        done.textContent = "That report could not be saved.";
        send.disabled = false;
      });
    });
    wrap.appendChild(label);
    wrap.appendChild(send);
    wrap.appendChild(done);
    return wrap;
  }

  /* ---- rendering ---- */

  function renderPoint(data, item) {
    var li = el("li", "explain-point explain-" + item.kind);
    li.tabIndex = 0;
    var text = el("p", "explain-point-text", item.point);
    text.dir = "auto";
    li.appendChild(text);
    var quotes = el("dl", "explain-quotes");
    if (item.profile_quote) {
      quotes.appendChild(el("dt", null, "Your profile"));
      var dd1 = el("dd");
      var q1 = el("q", null, item.profile_quote);
      q1.dir = "auto";
      dd1.appendChild(q1);
      quotes.appendChild(dd1);
    }
    quotes.appendChild(el("dt", null, "This job"));
    var dd2 = el("dd");
    var q2 = el("q", null, item.job_quote);
    q2.dir = "auto";
    dd2.appendChild(q2);
    quotes.appendChild(dd2);
    li.appendChild(quotes);
    if (data.log_id) { li.appendChild(reportControl(data, item)); }
    var show = function () { highlight(item.job_span); };
    li.addEventListener("mouseenter", show);
    li.addEventListener("focusin", show);
    li.addEventListener("click", show);
    return li;
  }

  function renderList(data, heading, items, note) {
    var frag = document.createDocumentFragment();
    if (!items.length) { return frag; }
    frag.appendChild(el("h3", null, heading));
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
    body.dataset.outcome = data.outcome || "";
    if (!data.ok) {
      var error = el("p", "explain-error", data.error || "Something went wrong. Please try again later.");
      error.setAttribute("role", "alert");
      body.appendChild(error);
      resultBox.appendChild(body);
      return;
    }
    if (data.demo) { body.appendChild(el("p", "explain-demo", "Recorded demo answer, not generated for you.")); }
    body.appendChild(el("p", "explain-notice", data.notice));
    if (data.dropped) {
      var details = el("details", "explain-why");
      details.appendChild(el("summary", null, "Why?"));
      details.appendChild(el("p", null, "Points are removed when a check fails. What failed:"));
      var reasons = el("ul");
      (data.drop_reason_lines || []).forEach(function (line) {
        reasons.appendChild(el("li", null, line.count + " \u00d7 " + line.text));
      });
      details.appendChild(reasons);
      body.appendChild(details);
    }
    body.appendChild(renderList(data, "Where your profile meets this job", data.matches || []));
    body.appendChild(renderList(data, "Asked for in this job, not shown in your profile", data.gaps || [],
      "Your profile may simply not mention these yet; that is not the same as not having them."));
    resultBox.appendChild(body);
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    panel.classList.add("explain-busy");
    setStatus("Reading your profile and this job, then checking every quote\u2026 this can take up to 30 seconds.");
    resultBox.replaceChildren();
    fetch(panel.dataset.apiUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken(), "Accept": "application/json" }
    }).then(function (response) {
      return response.json().catch(function () {
        return { ok: false, error: "Something went wrong. Please try again later." };
      });
    }).then(function (data) {
      render(data);
      setStatus(data.ok ? "Explanation ready." : "No explanation this time.");
    }).catch(function () {
      render({ ok: false, error: "Could not reach the site. Check your connection and try again." });
      setStatus("No explanation this time.");
    }).then(function () {
      button.disabled = false;
      button.removeAttribute("aria-busy");
      panel.classList.remove("explain-busy");
    });
  });
})();
