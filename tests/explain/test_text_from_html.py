"""HTML-stored postings and résumés become plain text whose blocks stay apart, so the
scrubber removes a contact and nothing next to it."""

from __future__ import annotations

from explain.adapter import Field
from explain.core.texts import profile_text
from explain.texts import text_from_html

# Shaped like what a rich-text editor (TinyMCE, CKEditor, WordPress) stores for a résumé.
RESUME_HTML = """
<div class="resume">
  <p><strong>Rahim Chowdhury</strong><br>
  rahim.chowdhury@example.com</p><p>+880 1711 000000</p><h2>Summary</h2>
  <p>Backend&nbsp;developer with 6&nbsp;years of Python &amp; Django.&nbsp;</p>
  <h3>Skills</h3>
  <ul>
    <li>Python (Django, FastAPI)</li><li>PostgreSQL &lt;advanced&gt;</li>
    <li>AWS &ndash; ECS, RDS</li>
  </ul>
  <script>trackVisitor();</script>
  <style>.resume { color: red }</style>
</div>
"""

# Shaped like a job board's posting: a table of facts, nested lists, entities, comments.
POSTING_HTML = """<section><h1>Senior Backend Engineer</h1>
<!-- internal: budget approved -->
<table><tr><th>Location</th><td>Dhaka</td></tr><tr><th>Remote</th><td>Hybrid</td></tr></table>
<div><p>We build <em>payments</em> APIs.<br/>You will own services end&#8209;to&#8209;end.</p>
<ol><li>5+ years of Python</li><li>Experience with <a href="https://k8s.io">Kubernetes</a></li></ol>
</div></section>"""


def test_blocks_become_lines_and_entities_are_unescaped():
    assert text_from_html(RESUME_HTML) == (
        "Rahim Chowdhury\n"
        "rahim.chowdhury@example.com\n"
        "+880 1711 000000\n"
        "Summary\n"
        "Backend developer with 6 years of Python & Django.\n"
        "Skills\n"
        "Python (Django, FastAPI)\n"
        "PostgreSQL <advanced>\n"
        "AWS \u2013 ECS, RDS"
    )


def test_a_posting_keeps_its_cells_apart_and_drops_comments_and_links():
    assert text_from_html(POSTING_HTML) == (
        "Senior Backend Engineer\n"
        "Location\n"
        "Dhaka\n"
        "Remote\n"
        "Hybrid\n"
        "We build payments APIs.\n"
        "You will own services end\u2011to\u2011end.\n"
        "5+ years of Python\n"
        "Experience with Kubernetes"
    )


def test_scrubbing_after_it_removes_the_contacts_and_keeps_the_words_around_them():
    sent = profile_text([Field("resume", "Résumé", text_from_html(RESUME_HTML))], max_chars=8000)
    assert "Summary" in sent.text and "Rahim Chowdhury" in sent.text
    assert "example.com" not in sent.text and "000000" not in sent.text
    assert sent.text.count("[removed]") == 2


def test_plain_text_and_empty_input_pass_through():
    assert text_from_html("Java, 3 years") == "Java, 3 years"
    assert text_from_html("") == ""
    assert text_from_html("<p> </p><br><div></div>") == ""


def test_preformatted_text_keeps_its_lines():
    assert text_from_html("<pre>line one\nline two</pre>") == "line one\nline two"


def test_unclosed_and_malformed_markup_is_still_text():
    assert text_from_html("<p>Go <b>and Rust<p>Docker</div></span>") == "Go and Rust\nDocker"
