"""Helpers the browser tests share: logging in and saving screenshots."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
DOC_SCREENSHOTS = ROOT / "docs" / "screenshots"
saved_screenshots: list[Path] = []


def log_in(page: Any, username: str, password: str, next_url: str = "/") -> None:
    page.goto(f"/login/?next={next_url}")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("form.stack-form button[type=submit]")
    page.wait_for_load_state()
    assert "/login/" not in page.url, "login failed"


def save_screenshot(target: Any, name: str, *, publish: bool = False) -> Path:
    """Save a page or element screenshot; `publish` marks the one the docs embed."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    target.screenshot(path=str(path))
    saved_screenshots.append(path)
    if publish and os.environ.get("EXPLAIN_UPDATE_SCREENSHOTS") == "1":
        DOC_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, DOC_SCREENSHOTS / path.name)
    return path
