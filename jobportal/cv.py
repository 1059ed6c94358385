"""'Fill from my CV': the text of an uploaded PDF or DOCX, turned into proposed profile
fields the user edits and saves.

Nothing here is sent anywhere: proposals fill the profile form, and only what the user
saves into a matching field can reach the explain app. Contact details
(explain.core.contact_details) and the user's own name are removed, and address-like lines
dropped, before anything is proposed, so a CV header never lands in a field by accident.
"""

from __future__ import annotations

import io
import re
import zipfile
from typing import IO

from explain.core.contact_details import REMOVED, scrub

MAX_CV_BYTES = 2 * 1024 * 1024  # a CV of several pages; a bigger file is refused
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
        raise CVError("too large")
    kind = sniff(data[:8])
    try:
        if kind == PDF:
            from pypdf import PdfReader

            reader = PdfReader(io.BytesIO(data))
            return "\n".join(page.extract_text() or "" for page in reader.pages)
        if kind == DOCX:
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                if "word/document.xml" not in archive.namelist():
                    raise CVError("not a Word document")
            import docx

            document = docx.Document(io.BytesIO(data))
            return "\n".join(paragraph.text for paragraph in document.paragraphs)
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
    for raw in text.splitlines():
        line = " ".join(raw.split())
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
