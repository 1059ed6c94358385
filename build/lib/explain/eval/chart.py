"""A small horizontal bar chart of drop reasons, as hand-written SVG (no plotting library).

Pure Python: every label goes through XML escaping, so a reason or a title can never
become markup.
"""

from __future__ import annotations

from collections.abc import Mapping
from xml.sax.saxutils import escape, quoteattr

WIDTH = 640
BAR_HEIGHT = 22
GAP = 8
LABEL_WIDTH = 210
TOP = 48
BAR_COLOUR = "#b3261e"
KEPT_COLOUR = "#1b6e3a"


def drop_reasons_svg(
    reasons: Mapping[str, int], *, title: str, kept: int | None = None, subtitle: str = ""
) -> str:
    """Bars for each reason (largest first), and one for the kept claims when given."""
    bars = sorted(reasons.items(), key=lambda item: (-item[1], item[0]))
    rows: list[tuple[str, int, str]] = [(name, count, BAR_COLOUR) for name, count in bars]
    if kept is not None:
        rows.insert(0, ("kept", kept, KEPT_COLOUR))
    longest = max((count for _, count, _ in rows), default=0)
    scale = (WIDTH - LABEL_WIDTH - 60) / longest if longest else 0.0
    height = TOP + max(len(rows), 1) * (BAR_HEIGHT + GAP) + 16
    described = ", ".join(f"{name} {count}" for name, count, _ in rows) or "no claims dropped"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" role="img" '
        f"aria-label={quoteattr(f'{title}: {described}')}>",
        f"<title>{escape(title)}</title>",
        f'<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>',
        '<g font-family="system-ui, sans-serif" font-size="13" fill="#1f1f1f">',
        f'<text x="12" y="22" font-size="15" font-weight="bold">{escape(title)}</text>',
    ]
    if subtitle:
        parts.append(f'<text x="12" y="40" fill="#555555">{escape(subtitle)}</text>')
    if not rows or not longest:
        parts.append(f'<text x="12" y="{TOP + 16}">No claims were dropped.</text>')
    for index, (name, count, colour) in enumerate(rows):
        y = TOP + index * (BAR_HEIGHT + GAP)
        width = round(count * scale, 1)
        middle = y + BAR_HEIGHT / 2 + 4.5
        parts.append(
            f'<text x="{LABEL_WIDTH - 8}" y="{middle}" text-anchor="end">{escape(name)}</text>'
        )
        parts.append(
            f'<rect x="{LABEL_WIDTH}" y="{y}" width="{width}" height="{BAR_HEIGHT}" '
            f'fill="{colour}"/>'
        )
        parts.append(f'<text x="{LABEL_WIDTH + width + 6}" y="{middle}">{count}</text>')
    parts += ["</g>", "</svg>"]
    return "\n".join(parts) + "\n"
