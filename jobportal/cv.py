"""'Fill from my CV': the text of an uploaded PDF or DOCX, turned into proposed profile
fields the user edits and saves.

Nothing here is sent anywhere: proposals fill the profile form, and only what the user
saves into a matching field can reach the explain app. Contact details
(explain.core.contact_details) and the user's own name are removed, and address-like lines
dropped, before anything is proposed, so a CV header never lands in a field by accident.
The file, what it unpacks to, the text read and each line are bounded before any rule
reads them, and each account's imports are throttled (import_wait).
"""

from __future__ import annotations

import io
import itertools
import logging
import math
import re
import zipfile
from collections.abc import Iterable
from typing import IO

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.core import get_usage

from explain.core.contact_details import REMOVED, scrub

logger = logging.getLogger(__name__)

MAX_CV_BYTES = 2 * 1024 * 1024  # a CV of several pages; a bigger file is refused
# What a CV may unpack to and how much of its text is read: a DOCX is a zip, so 78 KB of
# compressed XML can hold megabytes of text. The archive's declared sizes are checked
# before anything is decompressed (zipfile never reads past a member's declared size),
# pages and text stop at these bounds, and every line is cut before any rule reads it.
MAX_CV_UNPACKED_BYTES = 8 * 1024 * 1024
MAX_CV_PAGES = 40
MAX_CV_TEXT_CHARS = 60_000  # about 30 pages of text; the profile fields hold far less
MAX_CV_LINE_CHARS = 1_000  # a line longer than this is cut: no field needs more
PDF = "pdf"
DOCX = "docx"

# Section headings a CV uses (EN/DE), to the profile field they fill.
_HEADINGS = {
    "skills": "skills",
    "key skills": "skills",
    "technical skills": "skills",
    "kenntnisse": "skills",
    "fähigkeiten": "skills",
    "experience": "experience",
    "work experience": "experience",
    "professional experience": "experience",
    "employment": "experience",
    "berufserfahrung": "experience",
    "erfahrung": "experience",
    "summary": "headline",
    "profile": "headline",
    "profil": "headline",
    "about me": "headline",
}
# A postal address line: a street word with a number, or a post code before a place.
_ADDRESS = re.compile(
    r"\b\d+\w?\s*,?\s*\w*(?:street|st\.|road|rd\.|avenue|lane|straße|strasse|str\.|weg|gasse|platz)\b"
    r"|\b(?:street|road|avenue|lane|straße|strasse|weg|gasse|platz)\s+\d+"
    r"|\b\d{4,5}\s+[A-ZÄÖÜ][a-zäöüß]+\b"
    r"|\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b",
    re.IGNORECASE,
)


class CVError(ValueError):
    """The file is not a PDF or DOCX this page can read."""


class CVTooLarge(CVError):
    """The file, or what it unpacks to, is over the bounds."""


def _bounded_text(parts: Iterable[str]) -> str:
    """The parts joined by line breaks, stopping once MAX_CV_TEXT_CHARS are reached (the
    parts after that are never extracted)."""
    kept: list[str] = []
    size = 0
    for part in parts:
        kept.append(part[: MAX_CV_TEXT_CHARS - size])
        size += len(kept[-1]) + 1
        if size >= MAX_CV_TEXT_CHARS:
            break
    return "\n".join(kept)[:MAX_CV_TEXT_CHARS]


def sniff(head: bytes) -> str | None:
    """The file's kind from its first bytes, never from its name."""
    if head.startswith(b"%PDF-"):
        return PDF
    if head.startswith(b"PK\x03\x04"):
        return DOCX
    return None


def read_text(file: IO[bytes]) -> str:
    """The CV's plain text. Raises CVError for anything but a readable PDF or DOCX."""
    data = file.read(MAX_CV_BYTES + 1)
    if len(data) > MAX_CV_BYTES:
        raise CVTooLarge("too large")
    kind = sniff(data[:8])
    try:
        if kind == PDF:
            from pypdf import PdfReader

            reader = PdfReader(io.BytesIO(data))
            pages = itertools.islice(reader.pages, MAX_CV_PAGES)
            return _bounded_text(page.extract_text() or "" for page in pages)
        if kind == DOCX:
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                if "word/document.xml" not in archive.namelist():
                    raise CVError("not a Word document")
                if sum(info.file_size for info in archive.infolist()) > MAX_CV_UNPACKED_BYTES:
                    raise CVTooLarge("too large unpacked")
            import docx

            document = docx.Document(io.BytesIO(data))
            return _bounded_text(paragraph.text for paragraph in document.paragraphs)
    except CVError:
        raise
    except Exception as exc:  # a damaged file: any parser error means "cannot read"
        raise CVError("unreadable") from exc
    raise CVError("not a PDF or DOCX")


def _private_line(line: str, private: list[str]) -> bool:
    folded = line.casefold()
    return any(value and value in folded for value in private) or bool(_ADDRESS.search(line))


def propose(
    text: str, *, full_name: str = "", private_values: tuple[str, ...] = ()
) -> dict[str, str]:
    """Proposed values for the matching fields, from the CV's sections.

    Lines with the user's name (or any part of it), their other private values or an
    address are dropped; e-mail addresses, phone numbers and links become the marker
    and a line left with nothing else is dropped.
    """
    private = [part.casefold() for part in full_name.split() if len(part) > 1]
    private += [value.casefold() for value in private_values if value.strip()]
    sections: dict[str, list[str]] = {"headline": [], "skills": [], "experience": []}
    current: str | None = None
    first_lines: list[str] = []
    for raw in text[:MAX_CV_TEXT_CHARS].splitlines():
        line = " ".join(raw[:MAX_CV_LINE_CHARS].split())
        if not line:
            continue
        heading = _HEADINGS.get(line.rstrip(":").casefold())
        if heading is not None:
            current = heading
            continue
        if _private_line(line, private):
            continue
        line = scrub(line)
        if not line.replace(REMOVED, "").strip(" ,;|·-–"):
            continue
        if current is None:
            first_lines.append(line)
        else:
            sections[current].append(line)
    headline = sections["headline"][0] if sections["headline"] else ""
    if not headline and first_lines:
        headline = first_lines[0]
    return {
        "headline": headline[:200],
        "skills": "\n".join(sections["skills"]),
        "experience": "\n".join(sections["experience"]),
    }


# Reading a CV costs CPU (unpacking, text extraction, the contact scrubber on every line),
# so each import counts against CV_IMPORT_RATE_PER_USER in the settings (django-ratelimit,
# as jobportal/throttle.py). Past it the profile page answers 429 with Retry-After and
# says so; the profile is unchanged.
IMPORT_GROUP = "jobportal.cv_import:user"


def import_wait(request: HttpRequest) -> int:
    """Seconds to wait when this import passes the account's limit (it is counted); 0 if
    not, and 0 when the shared cache cannot count (the import is bounded anyway)."""
    rate = getattr(settings, "CV_IMPORT_RATE_PER_USER", None)
    if not rate:
        return 0
    try:
        usage = get_usage(
            request, group=IMPORT_GROUP, key="user", rate=rate, method="POST", increment=True
        )
    except Exception as exc:  # no shared cache: the bounds still hold
        logger.warning("CV import throttle unavailable: %s", type(exc).__name__)
        return 0
    if usage is None or not usage["should_limit"]:
        return 0
    logger.warning("Throttled: CV imports past the limit")
    return math.ceil(usage["time_left"]) + 1
