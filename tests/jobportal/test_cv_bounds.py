"""'Fill from my CV' bounded before any rule reads it and throttled per account: the
archive's unpacked size, the pages and text read, each line's length, the imports an
account may ask for in a while (429 with Retry-After and a message in words)."""

from __future__ import annotations

import io
import zipfile

import docx
import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from jobportal import cv
from jobportal.models import CandidateProfile


def _docx(paragraphs: list[str]) -> bytes:
    document = docx.Document()
    for text in paragraphs:
        document.add_paragraph(text)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def test_a_docx_that_unpacks_past_the_bound_is_refused_before_it_is_parsed():
    # Highly repetitive XML: small on disk, large once unpacked.
    data = _docx(["Python Django " * 2000] * 400)
    assert len(data) < cv.MAX_CV_BYTES
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert sum(i.file_size for i in archive.infolist()) > cv.MAX_CV_UNPACKED_BYTES
    with pytest.raises(cv.CVError):
        cv.read_text(io.BytesIO(data))


def test_the_text_read_stops_at_the_bound():
    data = _docx([f"Skill number {i} with Python and Django" for i in range(4000)])
    text = cv.read_text(io.BytesIO(data))
    assert len(text) == cv.MAX_CV_TEXT_CHARS
    assert text.startswith("Skill number 0 with")


def test_a_short_cv_is_read_whole():
    text = cv.read_text(io.BytesIO(_docx(["Skills", "Python", "Kotlin"])))
    assert text == "Skills\nPython\nKotlin"


def test_each_line_is_cut_before_the_rules_read_it():
    long_line = "Python " * 2000  # 14,000 characters on one line
    proposed = cv.propose(f"Skills\n{long_line}\nKotlin")
    first, second = proposed["skills"].split("\n")
    assert len(first) <= cv.MAX_CV_LINE_CHARS
    assert first.startswith("Python Python")
    assert second == "Kotlin"


def test_a_long_line_made_to_be_slow_still_loses_its_contacts():
    line = "a." * 20_000 + " write to dana@mail.example or skype:dana.q"
    proposed = cv.propose(f"Skills\nPython\n{line[-200:]}")
    assert "dana@mail.example" not in proposed["skills"]
    assert "skype:dana.q" not in proposed["skills"]
    proposed = cv.propose(f"Skills\nPython\n{line}")
    assert "dana" not in proposed["skills"]


@pytest.fixture
def ana(client, db, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    user = get_user_model().objects.create_user("ana", password="x-pass-12345")
    CandidateProfile.objects.create(user=user, full_name="Ana Lima", skills="Java")
    client.force_login(user)
    client.post(
        reverse("profile-edit"),
        {
            "skills": "Java",
            "full_name": "Ana Lima",
            "resume": SimpleUploadedFile("cv.docx", _docx(["Skills", "Python, Django"])),
        },
    )
    return user


def test_imports_past_the_accounts_limit_get_429_with_the_wait_and_words(
    client, ana, settings, rate_clock
):
    settings.CV_IMPORT_RATE_PER_USER = "2/10m"
    url = reverse("profile-from-cv")
    assert [client.post(url).status_code for _ in range(2)] == [200, 200]
    refused = client.post(url)
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 601
    body = refused.content.decode()
    assert "Please wait a few minutes and try again" in body
    assert "Python, Django" not in body  # nothing was read
    assert CandidateProfile.objects.get(user=ana).skills == "Java"
    rate_clock.advance(601)
    assert client.post(url).status_code == 200


def test_the_limit_is_per_account(client, ana, settings, make_user):
    settings.CV_IMPORT_RATE_PER_USER = "1/10m"
    url = reverse("profile-from-cv")
    assert client.post(url).status_code == 200
    assert client.post(url).status_code == 429
    other = make_user("bo")
    client.force_login(other)
    # Bo has no CV yet: the import is not refused, it asks for the upload.
    assert client.post(url).status_code == 302


def test_a_cv_that_unpacks_too_large_gets_a_message_that_says_so(client, ana):
    profile = CandidateProfile.objects.get(user=ana)
    with profile.resume.open("wb") as file:
        file.write(_docx(["Python Django " * 2000] * 400))
    response = client.post(reverse("profile-from-cv"), follow=True)
    assert "Your CV is too large to read here" in response.content.decode()
    assert CandidateProfile.objects.get(user=ana).skills == "Java"
