"""'Fill from my CV': PDF and DOCX read by content, contact details and the user's own
name and address removed, proposals unsaved until the user saves; upload limits."""

from __future__ import annotations

import io

import docx
import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from jobportal import cv
from jobportal.models import CandidateProfile

CV_LINES = [
    "Ana Lima",
    "Hauptstraße 12, 10115 Berlin",
    "ana.lima@example.com | +49 30 1234567 | https://ana.example",
    "Backend developer",
    "Skills",
    "Python (6 years), Django, PostgreSQL",
    "Kubernetes",
    "Work experience",
    "Engineer at Northwind since 2020, built the billing APIs.",
    "Contact Ana on ana.lima@example.com",
]


def _docx_bytes(lines: list[str]) -> bytes:
    document = docx.Document()
    for line in lines:
        document.add_paragraph(line)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def _pdf_bytes(lines: list[str]) -> bytes:
    """A one-page PDF with these lines, written by hand (no PDF writer dependency)."""
    text = "BT /F1 11 Tf 40 800 Td 14 TL " + " ".join(
        "(" + line.replace("(", r"\(").replace(")", r"\)") + ") Tj T*" for line in lines
    )
    stream = text + " ET"
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
        "/Resources << /Font << /F1 5 0 R >> >> >>",
        f"<< /Length {len(stream.encode('latin-1'))} >>\nstream\n{stream}\nendstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ]
    out = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n{body}\nendobj\n".encode("latin-1")
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += (
        f"trailer << /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    )
    return out


def test_proposals_drop_name_address_and_contact_details():
    proposed = cv.propose("\n".join(CV_LINES), full_name="Ana Lima")
    assert proposed["headline"] == "Backend developer"
    assert proposed["skills"] == "Python (6 years), Django, PostgreSQL\nKubernetes"
    assert proposed["experience"] == "Engineer at Northwind since 2020, built the billing APIs."
    joined = " ".join(proposed.values())
    for private in ("Ana", "Lima", "Hauptstraße", "10115", "example.com", "1234567"):
        assert private not in joined


@pytest.mark.parametrize("make", [_pdf_bytes, _docx_bytes])
def test_pdf_and_docx_text_is_read(make):
    text = cv.read_text(io.BytesIO(make(CV_LINES)))
    assert "Python (6 years), Django, PostgreSQL" in text
    assert "Work experience" in text


@pytest.mark.parametrize(
    "data", [b"just text", b"PK\x03\x04not a zip", b"%PDF-1.4 broken", b"x" * (cv.MAX_CV_BYTES + 1)]
)
def test_anything_else_is_refused(data):
    with pytest.raises(cv.CVError):
        cv.read_text(io.BytesIO(data))


@pytest.fixture
def ana(client, db, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    user = get_user_model().objects.create_user("ana", password="x-pass-12345")
    CandidateProfile.objects.create(
        user=user, full_name="Ana Lima", email="ana.lima@example.com", skills="Java"
    )
    client.force_login(user)
    return user


def _upload(client, name: str, data: bytes):
    profile = CandidateProfile.objects.get(user__username="ana")
    return client.post(
        reverse("profile-edit"),
        {
            "skills": profile.skills,
            "full_name": profile.full_name,
            "email": profile.email,
            "resume": SimpleUploadedFile(name, data),
        },
    )


def test_fill_from_my_cv_proposes_and_saves_nothing(client, ana, settings):
    calls = []
    settings.EXPLAIN_CHAT_MODEL = lambda prompt: calls.append(prompt)
    assert _upload(client, "cv.docx", _docx_bytes(CV_LINES)).status_code == 302
    body = client.post(reverse("profile-from-cv")).content.decode()
    assert "We proposed the headline, skills and experience below from your CV" in body
    assert "Python (6 years), Django, PostgreSQL" in body
    assert "Hauptstraße" not in body
    profile = CandidateProfile.objects.get(user=ana)
    assert profile.skills == "Java" and profile.headline == ""
    assert calls == []


def test_fill_from_my_cv_is_post_only(client, ana):
    assert client.get(reverse("profile-from-cv")).status_code == 405


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("cv.pdf", b"<html>not a pdf</html>"),
        ("cv.exe", _pdf_bytes(["x"])),
        ("cv.pdf", b"%PDF-" + b"x" * (cv.MAX_CV_BYTES + 1)),
    ],
)
def test_uploads_are_limited_by_content_name_and_size(client, ana, name, data):
    response = _upload(client, name, data)
    assert response.status_code == 200  # the form again, with the error
    assert not CandidateProfile.objects.get(user=ana).resume


def test_a_new_upload_replaces_the_old_file(client, ana, tmp_path):
    _upload(client, "first.pdf", _pdf_bytes(["Skills", "Go"]))
    first = CandidateProfile.objects.get(user=ana).resume.name
    assert (tmp_path / first).exists()
    _upload(client, "second.docx", _docx_bytes(["Skills", "Rust"]))
    second = CandidateProfile.objects.get(user=ana).resume.name
    assert second != first and (tmp_path / second).exists()
    assert not (tmp_path / first).exists()
