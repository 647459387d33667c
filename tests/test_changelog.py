"""CHANGELOG.md: one short line per user-visible change, under its sections.

Measured speeds belong on the performance page, and the story of how a change
came about in the commit that made it; the changelog says what changed.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHANGELOG = ROOT / "CHANGELOG.md"
LONGEST = 200


def _sections(text: str) -> list:
    """``[(heading, [lines under it])]`` for every ``##``/``###`` heading."""
    out: list = []
    for line in text.splitlines():
        if line.startswith("#"):
            out.append((line, []))
        elif out and line.strip():
            out[-1][1].append(line)
    return out


def test_every_change_is_one_short_bullet():
    sections = _sections(CHANGELOG.read_text())
    assert any(heading.startswith("### ") for heading, _ in sections)
    bullets = 0
    for heading, lines in sections:
        if not heading.startswith("### "):
            continue
        for line in lines:
            # A line that is no bullet continues the one before: a change on two lines.
            assert line.startswith("- "), f"{heading}: not one line per change: {line[:80]!r}"
            assert len(line) <= LONGEST, f"{heading}: {len(line)} characters: {line[:80]!r}"
            assert "->" not in line and "→" not in line, f"{heading}: an arrow: {line[:80]!r}"
            bullets += 1
    assert bullets

