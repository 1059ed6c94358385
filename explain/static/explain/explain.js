/* "Why this job?" panel.
 *
 * Everything from the server is untrusted text (the quoted words and the job posting):
 * it reaches the page through textContent and createElement only, never innerHTML, and
 * highlighting splits existing text nodes instead of building HTML from strings.
 * The words shown come from data attributes the server rendered (translatable there).
 * Nothing scrolls unless the user asks: "Show in posting" is the only scroll.
 */
(function wire(panel) {
  "use strict";

  /* Every panel on the page is wired on its own: a list page may carry one per job. */
  if (!panel) {
    Array.prototype.forEach.call(document.querySelectorAll("section.explain-panel[data-api-url]"), function (each) {
      wire(each);
    });
    return;
  }
  var form = panel.querySelector("[data-explain-form]");
  var button = panel.querySelector("[data-explain-button]");
  var statusLine = panel.querySelector("[data-explain-status]");
  var resultBox = panel.querySelector("[data-explain-result]");
  var reasonsTemplate = panel.querySelector("[data-explain-reasons]");
  var textHolder = panel.querySelector("[data-explain-text]");
  if (!form || !button || !resultBox || !textHolder || panel.dataset.explainWired) { return; }
  panel.dataset.explainWired = "1";

  var words = textHolder.dataset;
  var buttonLabel = button.textContent;
  /* Longer waits (a daily cap) are said in words by the message, not counted down. */
  var MAX_COUNTDOWN_SECONDS = 3600;
  var ticker = null;
  var countdown = null;
  var uid = 0;

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

  function fill(template, count) {
    return String(template || "").replace("%(seconds)s", String(count)).replace("%(minutes)s", String(count));
  }

  function plural(one, other, count) {
    var rule = "other";
    try { rule = new Intl.PluralRules(document.documentElement.lang || undefined).select(count); } catch { rule = count === 1 ? "one" : "other"; }
    return fill(rule === "one" ? one : other, count);
  }

  function csrfToken() {
    var input = form.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  /* ---- progress: visible, announced, and the button disabled while waiting ---- */

  function startProgress() {
    var started = Date.now();
    stopCountdown();
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
      elapsed.textContent = seconds ? fill(words.elapsed, seconds) : "";
    }, 1000);
  }

  function stopProgress(message, quiet) {
    if (ticker) { window.clearInterval(ticker); ticker = null; }
    panel.classList.remove("explain-busy");
    resultBox.removeAttribute("aria-busy");
    button.removeAttribute("aria-busy");
    button.textContent = buttonLabel;
    button.disabled = false;
    /* quiet: announced to screen readers, not shown twice (the summary is on screen). */
    statusLine.replaceChildren(el("span", "explain-progress-done" + (quiet ? " explain-sr-only" : ""), message));
  }

  /* ---- the live countdown after "you asked a moment ago" ---- */

  function stopCountdown() {
    if (countdown) { window.clearInterval(countdown); countdown = null; }
  }

  function startCountdown(line, seconds) {
    var deadline = Date.now() + seconds * 1000;
    button.disabled = true;
    function tick() {
      var left = Math.ceil((deadline - Date.now()) / 1000);
      if (left > 0) {
        /* A wait of minutes is said in minutes: "in 420 seconds" is hard to read. */
        line.textContent = left > 90 && words.countdownMinutes
          ? plural(words.countdownMinutesOne, words.countdownMinutes, Math.ceil(left / 60))
          : plural(words.countdownOne, words.countdownOther, left);
        return;
      }
      stopCountdown();
      line.textContent = words.askAgain;
      line.classList.add("explain-countdown-done");
      button.disabled = false;
      statusLine.replaceChildren(el("span", "explain-progress-done", words.askAgain));
    }
    stopCountdown();
    tick();
    countdown = window.setInterval(tick, 250);
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
    Array.prototype.forEach.call(panel.querySelectorAll(".explain-show"), function (link) {
      link.hidden = true;
    });
  }

  /* Offsets count code points (Python); JavaScript strings count UTF-16 units. */
  function codePointsToUnits(text, offset) {
    var units = 0;
    var seen = 0;
    while (seen < offset && units < text.length) {
      const code = text.charCodeAt(units);
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

  function firstMark() {
    return document.querySelector("[data-explain-posting] mark.explain-highlight");
  }

  function inView(node) {
    var box = node.getBoundingClientRect();
    var height = window.innerHeight || document.documentElement.clientHeight;
    var width = window.innerWidth || document.documentElement.clientWidth;
    return box.bottom > 0 && box.top < height && box.right > 0 && box.left < width;
  }

  function highlight(item, li) {
    clearHighlights();
    li.classList.add("explain-point-active");
    var span = item.job_span;
    if (!span?.field || span.field_start === null) { return; }
    var field = fieldElement(span.field);
    if (!field) {
      // The host's job page carries no element for this field key: say so to the
      // developer instead of losing the highlighting silently (docs/integrating.md).
      if (window.console && console.warn) {
        console.warn("explain: no [data-explain-field=\"" + String(span.field).replace(/[^a-z0-9_-]/gi, "") +
          "\"] inside [data-explain-posting] on this page, so the quote is not highlighted. " +
          "Put data-explain-field with the adapter's Field key on the element showing that field.");
      }
      return;
    }
    var range = locate(field.textContent, span, item.job_quote);
    var walker = document.createTreeWalker(field, NodeFilter.SHOW_TEXT);
    var pos = 0;
    var pieces = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const nodeStart = pos;
      const nodeEnd = pos + node.nodeValue.length;
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
    /* The page never jumps; when the words are off screen, offer to go there. */
    var first = firstMark();
    var show = li.querySelector(".explain-show");
    if (show && first) { show.hidden = inView(first); }
  }

  function showInPosting(event) {
    event.preventDefault();
    var first = firstMark();
    if (first?.scrollIntoView) { first.scrollIntoView({ block: "center" }); }
    event.currentTarget.hidden = true;
  }

  /* ---- "this looks wrong" ---- */

  function reportControl(data, item) {
    uid += 1;
    var details = el("details", "explain-report");
    details.appendChild(el("summary", null, words.reportSummary));
    var reportForm = el("form", "explain-report-form");
    reportForm.noValidate = true;  /* the script says what is missing, in the page's words */
    var reasons = el("fieldset", "explain-reasons");
    reasons.appendChild(el("legend", null, words.reportLabel));
    if (reasonsTemplate) {
      Array.prototype.forEach.call(reasonsTemplate.content.querySelectorAll("option"), function (opt) {
        /* "I do have this" answers a gap only. */
        if (opt.hasAttribute("data-gaps-only") && item.kind !== "gap") { return; }
        var label = el("label", "explain-reason");
        var radio = el("input");
        radio.type = "radio";
        radio.name = "reason-" + uid;
        radio.value = opt.value;
        radio.required = true;
        label.appendChild(radio);
        label.appendChild(document.createTextNode(" " + opt.textContent));
        reasons.appendChild(label);
      });
    }
    reportForm.appendChild(reasons);
    var noteId = panel.id + "-note-" + uid;  /* unique on a page with several panels */
    var noteLabel = el("label", "explain-note-label", words.reportNote);
    noteLabel.htmlFor = noteId;
    var note = el("textarea", "explain-note");
    note.id = noteId;
    note.name = "note";
    note.rows = 2;
    note.maxLength = Number(panel.dataset.noteMax) || 300;
    reportForm.appendChild(noteLabel);
    reportForm.appendChild(note);
    var send = el("button", "explain-report-send", words.reportSend);
    send.type = "submit";
    reportForm.appendChild(send);
    var done = el("p", "explain-report-status");
    done.setAttribute("role", "status");
    reportForm.addEventListener("submit", function (event) {
      event.preventDefault();
      var picked = reportForm.querySelector("input[type=radio]:checked");
      if (!picked) { done.textContent = words.reportChoose; return; }
      send.disabled = true;
      fetch(panel.dataset.feedbackUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": csrfToken() },
        body: JSON.stringify({ log_id: data.log_id, kind: item.kind, index: item.index, reason: picked.value, note: note.value })
      }).then(function (response) {
        if (!response.ok) { throw new Error("not saved"); }
        return response.json();
      }).then(function (answer) {
        reportForm.remove();
        done.textContent = answer && answer.saved === false ? words.reportAlready : words.reportSaved;
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

  function quoteRow(label, content, className) {
    var row = el("div", "explain-quote-row" + (className ? " " + className : ""));
    row.appendChild(el("dt", null, label));
    row.appendChild(content);
    return row;
  }

  function quoteCell(quote, parts) {
    if (!quote) { return el("dd", "explain-not-mentioned", words.notMentioned); }
    var dd = el("dd");
    if (!parts?.term) {
      dd.appendChild(userText("q", null, quote));
      return dd;
    }
    /* The term as this side writes it, marked; text nodes only. */
    var q = userText("q");
    q.appendChild(document.createTextNode(String(parts.before || "")));
    q.appendChild(el("mark", "explain-term", parts.term));
    q.appendChild(document.createTextNode(String(parts.after || "")));
    dd.appendChild(q);
    return dd;
  }

  /* The job quote once: inside its sentence of the posting when there is one; the
   * sentence's other words are hidden by CSS where the posting is beside the panel. */
  function jobQuoteCell(item) {
    var dd = quoteCell(item.job_quote, item.job_quote_term);
    var context = item.job_context;
    if (!context?.quote || !item.job_quote) { return dd; }
    dd.className = "explain-context";
    dd.dir = "auto";
    dd.prepend(el("span", "explain-context-part", String(context.before || "")));
    dd.append(el("span", "explain-context-part", String(context.after || "")));
    return dd;
  }

  function addLink(item) {
    var base = panel.dataset.profileUrl;
    if (item.kind !== "gap" || !item.term || !base) { return null; }
    var query = "?add=" + encodeURIComponent(String(item.term)) +
      "&next=" + encodeURIComponent(panel.dataset.backUrl || window.location.pathname);
    var line = el("p", "explain-actions");
    var link = el("a", "explain-add", words.addToProfile);
    link.href = base + query;
    line.appendChild(link);
    return line;
  }

  function renderPoint(data, item) {
    var li = el("li", "explain-point explain-" + (item.kind === "gap" ? "gap" : "match"));
    li.tabIndex = 0;
    li.dataset.point = String(item.kind) + "-" + String(item.index);
    li.appendChild(userText("p", "explain-point-text", item.point));
    if (item.optional) {
      const tag = el("p", "explain-optional");
      tag.appendChild(el("span", "explain-optional-tag", words.optional));
      li.appendChild(tag);
    }
    if (item.amounts_line) { li.appendChild(userText("p", "explain-amounts", item.amounts_line)); }
    if (item.profile_said_line) { li.appendChild(userText("p", "explain-profile-said", item.profile_said_line)); }
    var quotes = el("dl", "explain-quotes");
    /* A gap the profile names only as missing or wished: its line above says what the
     * profile says, so no "Not mentioned" row. */
    if (!item.profile_said_line) {
      quotes.appendChild(quoteRow(words.yourProfile, quoteCell(item.profile_quote, item.profile_quote_term)));
    }
    quotes.appendChild(quoteRow(words.thisJob, jobQuoteCell(item)));
    li.appendChild(quotes);
    var actions = addLink(item);
    var show = el("button", "explain-show", words.showInPosting);
    show.type = "button";
    show.hidden = true;
    show.addEventListener("click", showInPosting);
    if (actions) { actions.appendChild(show); } else { actions = el("p", "explain-actions"); actions.appendChild(show); }
    li.appendChild(actions);
    if (data.log_id) { li.appendChild(reportControl(data, item)); }
    li.addEventListener("mouseenter", function () { highlight(item, li); });
    li.addEventListener("focusin", function (event) {
      if (event.target === li) { highlight(item, li); }
    });
    li.addEventListener("click", function (event) {
      /* A tap on the point itself (not on its links or its report form). */
      if (!event.target.closest("a, button, details, summary, input, textarea, label")) { highlight(item, li); }
    });
    return li;
  }

  function optionalOnly(items, optional) {
    return items.filter(function (item) { return Boolean(item.optional) === optional; });
  }

  /* ---- the checklist: every requirement of the posting once, in one state ---- */

  /* "Add to my profile" only with the names the server allows: a link for one, a choice
   * (a plain GET form to the profile page, as without the script) for several. */
  function addChoices(item) {
    var base = panel.dataset.profileUrl;
    var names = Array.isArray(item.add_choices) ? item.add_choices : [];
    if (!base || !names.length) { return null; }
    var next = panel.dataset.backUrl || window.location.pathname;
    if (names.length === 1) {
      const line = el("p", "explain-actions");
      const link = el("a", "explain-add", words.addToProfile);
      link.href = base + "?add=" + encodeURIComponent(String(names[0])) + "&next=" + encodeURIComponent(next);
      line.appendChild(link);
      return line;
    }
    var choice = el("form", "explain-actions explain-add-choice");
    choice.method = "get";
    choice.action = base;
    var group = el("fieldset");
    group.appendChild(el("legend", null, words.addChoice));
    uid += 1;
    names.forEach(function (name) {
      var label = el("label", "explain-choice");
      var radio = el("input");
      radio.type = "radio";
      radio.name = "add";
      radio.value = String(name);
      radio.required = true;
      label.appendChild(radio);
      label.appendChild(document.createTextNode(" "));
      label.appendChild(userText("span", null, name));
      group.appendChild(label);
    });
    choice.appendChild(group);
    var nextInput = el("input");
    nextInput.type = "hidden";
    nextInput.name = "next";
    nextInput.value = next;
    choice.appendChild(nextInput);
    var submit = el("button", "explain-add", words.addToProfile);
    submit.type = "submit";
    choice.appendChild(submit);
    return choice;
  }

  function stateName(state) {
    return String(state || "pending").replace(/[^a-z_]/g, "");
  }

  function renderRequirement(data, item) {
    var state = stateName(item.state);
    var kind = state === "shown" ? " explain-match" : (state === "not_found" || state === "not_yet") ? " explain-gap" : "";
    var li = el("li", "explain-point explain-requirement explain-state-" + state + kind);
    li.tabIndex = 0;
    li.dataset.requirementId = String(Number(item.id) || 0);
    li.dataset.point = "requirement-" + li.dataset.requirementId;
    var label = el("p", "explain-state-label");
    label.appendChild(el("span", "explain-state-tag", item.state_label));
    if (item.optional) {
      label.appendChild(document.createTextNode(" "));
      label.appendChild(el("span", "explain-optional-tag", words.optional));
    }
    li.appendChild(label);
    li.appendChild(userText("p", "explain-point-text", item.state_line));
    if (item.alternatives_line) { li.appendChild(userText("p", "explain-alternatives", item.alternatives_line)); }
    if (item.amounts?.line) { li.appendChild(userText("p", "explain-amounts", item.amounts.line)); }
    var quotes = el("dl", "explain-quotes");
    if (state === "shown" && item.profile_quote) {
      quotes.appendChild(quoteRow(words.yourProfile, quoteCell(item.profile_quote, item.profile_quote_term)));
    }
    quotes.appendChild(quoteRow(words.thisJob, jobQuoteCell(item)));
    li.appendChild(quotes);
    var actions = addChoices(item);
    var show = el("button", "explain-show", words.showInPosting);
    show.type = "button";
    show.hidden = true;
    show.addEventListener("click", showInPosting);
    var showLine = el("p", "explain-actions");
    showLine.appendChild(show);
    if (actions) { li.appendChild(actions); }
    li.appendChild(showLine);
    if (data.log_id && item.report) {
      li.appendChild(reportControl(data, { kind: item.report.kind, index: item.report.index }));
    }
    li.addEventListener("mouseenter", function () { highlight(item, li); });
    li.addEventListener("focusin", function (event) {
      if (event.target === li) { highlight(item, li); }
    });
    li.addEventListener("click", function (event) {
      if (!event.target.closest("a, button, details, summary, input, textarea, label, form")) { highlight(item, li); }
    });
    return li;
  }

  /* The lists of a checklist, required then optional apart, each in the posting's order,
   * then the lines not read; into `body`. */
  function renderChecklist(body, data, requirements, notRead) {
    var box = el("div", "explain-checklist");
    box.dataset.explainChecklist = "";
    var groups = [
      [optionalOnly(requirements, false), words.requirementsHeading, ""],
      [optionalOnly(requirements, true), words.optionalRequirementsHeading, "explain-optional-heading"]
    ];
    groups.forEach(function (group) {
      if (!group[0].length) { return; }
      box.appendChild(el("h4", "explain-list-heading" + (group[2] ? " " + group[2] : ""), group[1]));
      const list = el("ol", "explain-points explain-requirements" + (group[2] ? " explain-optional-points" : ""));
      group[0].forEach(function (item) { list.appendChild(renderRequirement(data, item)); });
      box.appendChild(list);
    });
    if (requirements.length) { box.appendChild(el("p", "explain-gap-note", words.checklistNote)); }
    if (notRead?.length) {
      box.appendChild(el("h4", "explain-list-heading", words.notReadHeading));
      box.appendChild(el("p", "explain-not-read-note", words.notReadNote));
      const lines = el("ul", "explain-not-read");
      notRead.forEach(function (line) { lines.appendChild(userText("li", null, line.line)); });
      box.appendChild(lines);
    }
    body.appendChild(box);
    return box;
  }

  function renderList(data, heading, items, note, empty, headingClass) {
    var frag = document.createDocumentFragment();
    if (!items.length && !empty) { return frag; }
    frag.appendChild(el("h4", "explain-list-heading" + (headingClass ? " " + headingClass : ""), heading));
    if (!items.length) {
      frag.appendChild(el("p", "explain-none", empty));
      return frag;
    }
    if (note) { frag.appendChild(el("p", "explain-gap-note", note)); }
    var list = el("ol", "explain-points" + (headingClass ? " explain-optional-points" : ""));
    items.forEach(function (item) { list.appendChild(renderPoint(data, item)); });
    frag.appendChild(list);
    return frag;
  }

  function heading(text) {
    var node = el("h3", "explain-result-heading", text);
    node.tabIndex = -1;
    return node;
  }

  function renderError(body, data) {
    body.appendChild(heading(words.errorHeading));
    var outcome = String(data.outcome || "unknown").replace(/[^a-z_]/g, "");
    var retry = Number(data.retry_after) || 0;
    /* The short-window lead ("a moment ago") is for the rate limit only; every other
     * refusal (the account's or the site's daily cap, a busy provider) says its own. */
    var lead = outcome === "rate_limited" ? words.rateLead : (data.error || words.genericError);
    var error = el("p", "explain-error explain-error-" + outcome, lead);
    error.setAttribute("role", "alert");
    var login = data.login ? loginLink() : null;
    if (login) {
      error.appendChild(document.createTextNode(" "));
      error.appendChild(login);
    }
    body.appendChild(error);
    /* A wait of hours (a daily cap) is said by the message; a countdown is for minutes. */
    if (retry && retry <= MAX_COUNTDOWN_SECONDS) {
      const line = el("p", "explain-countdown");
      line.setAttribute("role", "timer");
      line.setAttribute("aria-live", "off");
      body.appendChild(line);
      startCountdown(line, retry);
    }
  }

  function noticeLine(data) {
    const line = el("div", "explain-notice-line");
    line.appendChild(el("p", "explain-notice", data.notice));
    (data.cut_notices || []).forEach((cut) => {
      line.appendChild(el("p", "explain-cut", cut));
    });
    if (data.dropped) {
      const details = el("details", "explain-why");
      details.appendChild(el("summary", null, words.why));
      details.appendChild(el("p", null, words.whyIntro));
      const reasons = el("ul");
      (data.drop_reason_lines || []).forEach((reason) => {
        reasons.appendChild(el("li", null, reason.line));
      });
      details.appendChild(reasons);
      line.appendChild(details);
    }
    return line;
  }

  function render(data) {
    clearHighlights();
    resultBox.replaceChildren();
    var body = el("div", "explain-result-body");
    body.dataset.outcome = String(data.outcome || "");
    if (!data.ok) {
      renderError(body, data);
      resultBox.appendChild(body);
      return body;
    }
    body.appendChild(heading(words.resultHeading));
    body.appendChild(el("p", "explain-summary", data.summary));
    /* The notice sits with the summary, above the points: on the first screen. */
    body.appendChild(noticeLine(data));
    body.appendChild(el("p", "explain-written-by", data.written_by));
    if (data.demo_notice) { body.appendChild(el("p", "explain-demo-source", data.demo_notice)); }
    if (data.made_line) {
      const made = el("p", "explain-made");
      const time = el("time", null, data.made_line);
      if (data.made_at) { time.dateTime = String(data.made_at); }
      made.appendChild(time);
      body.appendChild(made);
    }
    if (data.requirements_summary) {
      const requirements = Array.isArray(data.requirements) ? data.requirements : [];
      if (requirements.length) { body.appendChild(el("p", "explain-hint", words.hint)); }
      renderChecklist(body, data, requirements, data.not_read);
      resultBox.appendChild(body);
      return body;
    }
    var matches = data.matches || [];
    var gaps = data.gaps || [];
    if (matches.length || gaps.length) { body.appendChild(el("p", "explain-hint", words.hint)); }
    body.appendChild(renderList(data, words.matchesHeading, matches, null, words.noMatches));
    var required = optionalOnly(gaps, false);
    body.appendChild(renderList(data, words.gapsHeading, required, words.gapNote));
    body.appendChild(renderList(data, words.optionalGapsHeading, optionalOnly(gaps, true),
      required.length ? null : words.gapNote, null, "explain-optional-heading"));
    resultBox.appendChild(body);
    return body;
  }

  /* Focus goes to the result's heading, not to <body>: keyboard and screen reader
   * users continue from the answer they asked for. */
  function focusResult() {
    var target = resultBox.querySelector(".explain-result-heading");
    /* preventScroll: focus must not move the page away from what the reader reads. */
    if (target) { target.focus({ preventScroll: true }); }
  }

  /* ---- streaming (explain-stream.js reads the lines): each point is drawn as soon as
   * the server verified it; the notice, summary and report controls come with the
   * result line, which is the whole answer and is drawn as above. ---- */

  function streamedView() {
    var body = resultBox.querySelector(".explain-streaming");
    if (body) { return body; }
    body = el("div", "explain-result-body explain-streaming");
    /* Room for what the finished answer puts above the points (heading, summary, notice, hint),
     * so the points already drawn do not move down when it arrives. */
    body.appendChild(heading(words.resultHeading));
    body.appendChild(el("p", "explain-summary explain-pending"));
    body.appendChild(el("div", "explain-notice-line explain-pending"));
    body.appendChild(el("p", "explain-written-by", words.writtenBy));
    body.appendChild(el("p", "explain-hint", words.hint));
    body.appendChild(el("div", "explain-streamed-matches"));
    body.appendChild(el("div", "explain-streamed-gaps"));
    body.appendChild(el("div", "explain-streamed-optional-gaps"));
    resultBox.replaceChildren(body);
    return body;
  }

  function showStreamedPoint(item) {
    var gap = item.kind === "gap";
    var optional = gap && Boolean(item.optional);
    var section = streamedView().querySelector(optional ? ".explain-streamed-optional-gaps" :
      gap ? ".explain-streamed-gaps" : ".explain-streamed-matches");
    var list = section.querySelector("ol");
    if (!list) {
      section.appendChild(el("h4", "explain-list-heading" + (optional ? " explain-optional-heading" : ""),
        optional ? words.optionalGapsHeading : gap ? words.gapsHeading : words.matchesHeading));
      if (gap) { section.appendChild(el("p", "explain-gap-note", words.gapNote)); }
      list = section.appendChild(el("ol", "explain-points" + (optional ? " explain-optional-points" : "")));
    }
    list.appendChild(renderPoint({ log_id: null }, item));
  }

  /* The stream's first line: the posting's list, every state pending, drawn at once (the
   * posting's own count is known already); each requirement line then fills its state. */
  function showStreamedRequirements(line) {
    var body = el("div", "explain-result-body explain-streaming");
    body.appendChild(heading(words.resultHeading));
    body.appendChild(el("p", "explain-summary", line.listed_line));
    body.appendChild(el("div", "explain-notice-line explain-pending"));
    body.appendChild(el("p", "explain-written-by", words.writtenBy));
    var requirements = Array.isArray(line.requirements) ? line.requirements : [];
    if (requirements.length) { body.appendChild(el("p", "explain-hint", words.hint)); }
    renderChecklist(body, { log_id: null }, requirements, line.not_read);
    resultBox.replaceChildren(body);
  }

  function showStreamedRequirement(item) {
    var body = resultBox.querySelector(".explain-streaming");
    var id = String(Number(item.id) || 0);
    var old = body?.querySelector('.explain-requirement[data-requirement-id="' + id + '"]');
    if (!old) { return; }
    var active = old.classList.contains("explain-point-active");
    var fresh = renderRequirement({ log_id: null }, item);
    old.replaceWith(fresh);
    if (active) { fresh.classList.add("explain-point-active"); }
  }

  /* The first point at least partly on screen, and where it is: the whole answer is
   * drawn in place of the streamed points, and the page is put back so that point stays
   * exactly where the reader sees it (nothing jumps when the answer completes). */
  function readingAnchor() {
    var points = resultBox.querySelectorAll(".explain-point[data-point]");
    for (let i = 0; i < points.length; i += 1) {
      const box = points[i].getBoundingClientRect();
      if (box.bottom > 0) { return { key: points[i].dataset.point, top: box.top }; }
    }
    return null;
  }

  /* What scrolls the panel: the sticky column beside the posting on a desktop, else the page. */
  function scroller(node) {
    for (let box = node.parentElement; box && box !== document.body; box = box.parentElement) {
      const overflow = window.getComputedStyle(box).overflowY;
      if ((overflow === "auto" || overflow === "scroll") && box.scrollHeight > box.clientHeight) {
        return box;
      }
    }
    return null;
  }

  function anchorShift(anchor) {
    const again = resultBox.querySelector('.explain-point[data-point="' + anchor.key + '"]');
    return again ? { node: again, moved: again.getBoundingClientRect().top - anchor.top } : null;
  }

  /* Puts the point being read back where it was: by scrolling when it moved down, and,
   * when it moved up and there is nothing left to scroll (the top of the page or of the
   * column), by a blank spacer above the lists for the room the finished answer gave up. */
  function keepAnchor(anchor) {
    if (!anchor) { return; }
    const first = anchorShift(anchor);
    if (!first?.moved) { return; }
    const box = scroller(first.node);
    if (box) { box.scrollTop += first.moved; } else { window.scrollBy(0, first.moved); }
    const left = anchorShift(anchor);
    const heading = resultBox.querySelector(".explain-list-heading");
    if (!left || left.moved >= -1 || !heading) { return; }
    const spacer = el("div", "explain-head-spacer");
    spacer.setAttribute("aria-hidden", "true");
    spacer.style.minHeight = -left.moved + "px";
    heading.before(spacer);
  }

  function showStreamedResult(data, anchor) {
    var shown = resultBox.querySelector(".explain-streaming");
    if (data.ok && shown) {
      render(data);
      keepAnchor(anchor);
      return;
    }
    /* Nothing checked yet (only the posting's list, every state pending): the error alone,
     * as when the answer comes whole. */
    if (data.ok || !shown || !shown.querySelector(".explain-point:not(.explain-state-pending)")) {
      render(data);
      return;
    }
    /* The provider failed part-way: the points already shown stay, marked as no answer;
     * the requirements still pending go, since their check will never come. */
    Array.prototype.forEach.call(shown.querySelectorAll(".explain-requirement.explain-state-pending"), function (li) {
      li.remove();
    });
    var error = el("p", "explain-error", data.error || words.genericError);
    error.classList.add("explain-error-" + String(data.outcome || "unknown").replace(/[^a-z_]/g, ""));
    error.setAttribute("role", "alert");
    shown.dataset.outcome = String(data.outcome || "");
    shown.insertBefore(error, shown.firstChild);
  }

  function isHtml(response) {
    return /^\s*text\/html/i.test(String(response.headers.get("Content-Type") || ""));
  }

  /* The portal's login page, coming back to this page once logged in. */
  function loginLink() {
    var url;
    try { url = new URL(panel.dataset.loginUrl || "", window.location.href); } catch { return null; }
    if (!panel.dataset.loginUrl || (url.protocol !== "http:" && url.protocol !== "https:")) { return null; }
    url.searchParams.set("next", window.location.pathname + window.location.search);
    var link = el("a", "explain-login-again", words.logInAgain || "");
    link.href = url.href;
    return link;
  }

  // The app's own payload carries an outcome; anything else (a proxy's page, a host's
  // error handler, a CSRF or login refusal) is read by its status code alone.
  function whole(response) {
    return response.json().catch(function () { return null; }).then(function (data) {
      return byStatus(response, data);
    });
  }

  function byStatus(response, data) {
    if (data && typeof data.outcome === "string") { return data; }
    var status = response.status;
    /* A login-required middleware of the portal: a redirect (not followed), or its
     * login page served in place of the answer. */
    if (response.type === "opaqueredirect" || response.redirected || (status >= 300 && status < 400) ||
        (status === 200 && isHtml(response))) {
      return { ok: false, outcome: "session_ended", error: words.sessionEnded || words.sessionError, login: true };
    }
    if (status === 401 || status === 403) { return { ok: false, outcome: "forbidden", error: words.sessionError, login: true }; }
    if (status === 429) {
      const seconds = Number(response.headers.get("Retry-After")) || 0;
      return { ok: false, outcome: "rate_limited", error: words.rateLimited, retry_after: seconds };
    }
    // A 200 stream that ended without its result line was cut off on the way.
    return { ok: false, outcome: "unknown", error: status === 200 ? words.networkError : words.genericError };
  }

  function requestStreamed() {
    return fetch(panel.dataset.apiUrl + "?stream=1", {
      method: "POST",
      credentials: "same-origin",
      redirect: "manual",
      headers: { "X-CSRFToken": csrfToken(), "Accept": "application/x-ndjson" }
    }).then(function (response) {
      if (!window.explainStream.isStream(response)) { return whole(response); }
      var result = null;
      return window.explainStream.readLines(response, function (line) {
        if (line.event === "requirements") { showStreamedRequirements(line); }
        else if (line.event === "requirement") { showStreamedRequirement(line); }
        /* Points are the older view: drawn only when no checklist came first. */
        else if (line.event === "point" && !resultBox.querySelector(".explain-streaming [data-explain-checklist]")) {
          showStreamedPoint(line);
        }
        else if (line.event === "result") { result = line; }
      }).then(function () {
        return byStatus(response, result);
      });
    });
  }

  function requestWhole() {
    return fetch(panel.dataset.apiUrl, {
      method: "POST",
      credentials: "same-origin",
      redirect: "manual",
      headers: { "X-CSRFToken": csrfToken(), "Accept": "application/json" }
    }).then(whole);
  }

  function ask() {
    if (button.disabled) { return; }
    startProgress();
    resultBox.replaceChildren();
    clearHighlights();
    (window.explainStream ? requestStreamed() : requestWhole()).then(function (data) {
      /* Taken before anything changes height (the progress line shrinks too). */
      var anchor = readingAnchor();
      stopProgress(data.ok ? data.summary : words.failed, data.ok);
      showStreamedResult(data, anchor);
      focusResult();
    }).catch(function () {
      stopProgress(words.failed);
      showStreamedResult({ ok: false, error: words.networkError });
      focusResult();
    });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    ask();
  });

  /* Coming back: the last explanation for this job and profile, shown as it was. */
  var remembered = panel.querySelector("script[id^='explain-remembered']");
  if (remembered) {
    try { render(JSON.parse(remembered.textContent)); } catch { /* keep the server's HTML */ }
  }
  /* Back from "Add to my profile": ask again at once (a call only if the texts changed). */
  if (panel.dataset.autoAsk === "1") { ask(); }
})();
