"""Every link of the README and of docs/ leads to a file of the repository.

A relative link (text or picture) names a file or folder that exists, resolved from the page it
is on, without leaving the repository; a link with `#` into a Markdown page names one of that
page's headings as GitHub spells its anchors. Web addresses are not followed. Code blocks are
not read: what they show is typed, not linked. The pages are read as text.
"""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)


def pages() -> list[Path]:
    return [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]


def links(text: str) -> list[str]:
    """The targets of the page's links and pictures, outside code."""
    return LINK.findall(CODE.sub("", FENCE.sub("", text)))


def anchor(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, markup and punctuation dropped
    (letters of any script, digits, `-` and `_` stay), spaces become hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "").lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    found: set[str] = set()
    for heading in HEADING.findall(FENCE.sub("", page.read_text(encoding="utf-8"))):
        slug, n = anchor(heading), 1
        while slug in found:  # a repeated heading gets -1, -2, … as on GitHub
            slug, n = f"{anchor(heading)}-{n}", n + 1
        found.add(slug)
    return found


def problem(page: Path, target: str, root: Path = REPO) -> str | None:
    """Why `target` on `page` leads nowhere (or out of `root`), or None."""
    if SCHEME.match(target):
        return None  # a web address (or mailto:): not ours to check
    if target.startswith("/"):
        return "absolute path"
    path, _, fragment = target.partition("#")
    found = (page.parent / path).resolve() if path else page
    if not found.is_relative_to(root):
        return "outside the repository"
    if not found.exists():
        return "no such file"
    if fragment and found.suffix == ".md" and fragment not in anchors(found):
        return f"no heading #{fragment}"
    return None


def test_the_patterns_catch_what_they_are_meant_for(tmp_path: Path) -> None:
    text = (
        "[a](x.md) ![b](bilder/y.png) [c](https://example.org) [d](z.md#teil)\n"
        "`[not](code.md)`\n```\n[nor](fenced.md)\n```\n"
    )
    assert links(text) == ["x.md", "bilder/y.png", "https://example.org", "z.md#teil"]
    assert anchor("3. Die Serie auslosen") == "3-die-serie-auslosen"
    assert anchor("Der Abend: `serve`") == "der-abend-serve"
    assert anchor("Sitzwünsche") == "sitzwünsche"
    page = tmp_path / "page.md"
    page.write_text("# Title\n## Part\n## Part\n", encoding="utf-8")
    assert anchors(page) == {"title", "part", "part-1"}
    assert problem(page, "#part-1", tmp_path) is None
    assert problem(page, "page.md#title", tmp_path) is None
    assert problem(page, "#missing", tmp_path) == "no heading #missing"
    assert problem(page, "gone.md", tmp_path) == "no such file"
    assert problem(REPO / "README.md", "../outside.md") == "outside the repository"
    assert problem(REPO / "README.md", "/docs/rules.md") == "absolute path"


def test_every_link_of_the_readme_and_the_docs_leads_to_a_file_of_the_repository() -> None:
    broken = {
        f"{page.relative_to(REPO)}: {target}": why
        for page in pages()
        for target in links(page.read_text(encoding="utf-8"))
        if (why := problem(page, target))
    }
    assert len(pages()) > 10
    assert broken == {}


def test_every_picture_of_the_handbook_is_shown_and_every_one_shown_exists() -> None:
    folder = REPO / "docs" / "handbuch" / "bilder"
    shown = {
        (page.parent / target).resolve()
        for page in pages()
        for target in links(page.read_text(encoding="utf-8"))
        if target.endswith(".png")
    }
    unused = sorted(p.name for p in folder.glob("*.png") if p.resolve() not in shown)
    assert unused == []
