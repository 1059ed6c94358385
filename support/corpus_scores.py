"""The labelled corpus (support/corpus/) scored: what the detector of text addressed to an
AI flags and misses per language, and what the contact scrubber removes wrongly or lets
through. Used by tools/bench/detector_report.py and its test; the format is in
support/corpus/README.md."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from explain.core.contact_details import REMOVED, scrub, visible_form
from explain.core.verify import instruction_spans

CORPUS = Path(__file__).resolve().parent / "corpus"
LABELS = {"!": "order", "~": "payload", ".": "plain"}
_CONTACT = re.compile("⟦(.*?)⟧")


@dataclass(frozen=True)
class Document:
    language: str
    kind: str  # "posting" or "cv"
    title: str
    lines: tuple[tuple[str, str], ...]  # (label, line with contact markers)


def documents(folder: Path = CORPUS) -> Iterator[Document]:
    """Every document of every language file, in file order."""
    for path in sorted(folder.glob("*.txt")):
        kind, title = "", ""
        lines: list[tuple[str, str]] = []
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if raw.startswith("=== "):
                if kind:
                    yield Document(path.stem, kind, title, tuple(lines))
                kind, _, title = raw[4:].partition(" ")
                lines = []
            elif raw.startswith("# "):
                continue  # a comment (an export's header, a reviewer's note)
            elif raw.strip():
                label, line = raw[:1], raw[2:]
                if label not in LABELS or raw[1:2] != " " or not kind:
                    raise ValueError(f"{path.name}:{number}: want '<label> <line>' in a document")
                lines.append((LABELS[label], line))
        if kind:
            yield Document(path.stem, kind, title, tuple(lines))


@dataclass
class Scores:
    """Counts for one language."""

    lines: int = 0
    orders: int = 0  # lines that must be flagged (orders and their payloads)
    found: int = 0
    missed: list[str] = field(default_factory=list)
    false_flags: list[str] = field(default_factory=list)
    postings: int = 0
    postings_false_flagged: int = 0  # postings with no order that got a flag
    cvs: int = 0
    contacts: int = 0
    leaks: list[str] = field(default_factory=list)
    false_scrubs: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        flagged = self.found + len(self.false_flags)
        return self.found / flagged if flagged else 1.0

    @property
    def recall(self) -> float:
        return self.found / self.orders if self.orders else 1.0


def _flagged_lines(text_lines: list[str]) -> list[bool]:
    text = "\n".join(text_lines)
    spans = instruction_spans(text)
    flags = []
    start = 0
    for line in text_lines:
        end = start + len(line)
        flags.append(any(a < end and start < b for a, b in spans if text[a:b].strip()))
        start = end + 1
    return flags


def _scrub_line(line: str, scores: Scores) -> None:
    marked = _CONTACT.findall(line)
    scores.contacts += len(marked)
    plain = _CONTACT.sub(lambda m: m.group(1), line)
    scrubbed = scrub(visible_form(plain))
    for contact in marked:
        digits = re.sub(r"\D", "", contact)
        if contact in scrubbed or (len(digits) >= 6 and digits in re.sub(r"\D", "", scrubbed)):
            scores.leaks.append(contact)
    kept = visible_form(_CONTACT.sub(" ", line))
    for word in re.findall(r"[^\s,;|()·:：、]+", kept):
        if word.strip(".-") and word not in scrubbed.replace(REMOVED, " "):
            scores.false_scrubs.append(word)


def score(folder: Path = CORPUS) -> dict[str, Scores]:
    """Scores per language, in file order."""
    result: dict[str, Scores] = {}
    for doc in documents(folder):
        scores = result.setdefault(doc.language, Scores())
        text_lines = [_CONTACT.sub(lambda m: m.group(1), line) for _, line in doc.lines]
        flags = _flagged_lines(text_lines)
        for (label, line), flagged in zip(doc.lines, flags, strict=True):
            scores.lines += 1
            if label == "plain":
                if flagged:
                    scores.false_flags.append(line)
            else:
                scores.orders += 1
                if flagged:
                    scores.found += 1
                else:
                    scores.missed.append(line)
            _scrub_line(line, scores)
        if doc.kind == "posting":
            scores.postings += 1
            clean = all(label == "plain" for label, _ in doc.lines)
            scores.postings_false_flagged += clean and any(flags)
        else:
            scores.cvs += 1
    return result
