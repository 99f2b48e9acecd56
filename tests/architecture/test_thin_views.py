"""Views stay thin: no HTML marked safe, no form declared and no long or branchy function in
`skatclub/club/views/`. HTML is built in templates or presenters (`format_html`), forms live
in `forms/`, decisions in services, queries and presenters. The modules are read with `ast`;
each check is first shown to catch the kind of code it is meant for."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

VIEWS = Path(__file__).resolve().parents[2] / "skatclub" / "club" / "views"
# The Kasse and prize pages are being reworked with their forms; this list may only shrink.
FORMS_STILL_IN_VIEWS: set[str] = set()
MAX_COMPLEXITY = 12  # decision points + 1, counted as `complexity` does
MAX_LINES = 45


def view_modules() -> list[Path]:
    return sorted(VIEWS.glob("*.py"))


def marks_safe(tree: ast.AST) -> list[int]:
    """Lines that import or call `mark_safe` (or `SafeString(...)` built by hand)."""

    def marking(node: ast.AST) -> bool:
        if isinstance(node, ast.ImportFrom):
            return any(alias.name in ("mark_safe", "SafeString") for alias in node.names)
        return isinstance(node, ast.Attribute) and node.attr == "mark_safe"

    return [node.lineno for node in ast.walk(tree) if marking(node)]  # type: ignore[attr-defined]


def declared_forms(tree: ast.AST) -> list[str]:
    """Classes whose base is a form: `forms.Form`, `forms.ModelForm[X]`, `GameForm`, …"""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        for base in node.bases:
            target = base.value if isinstance(base, ast.Subscript) else base
            name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
            if name.endswith("Form"):
                found.append(node.name)
    return found


BRANCHES = (
    ast.If,
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.IfExp,
    ast.ExceptHandler,
    ast.Assert,
    ast.match_case,
)


def complexity(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """1 + every branch: if, loop, except, conditional expression, `and`/`or`, comprehension
    (and its conditions), assert, match case."""
    count = 1
    for node in ast.walk(function):
        if isinstance(node, BRANCHES):
            count += 1
        elif isinstance(node, ast.BoolOp):
            count += len(node.values) - 1
        elif isinstance(node, ast.comprehension):
            count += 1 + len(node.ifs)
    return count


def functions(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


SAFE_SAMPLE = """
from django.utils.safestring import mark_safe
from django.utils import safestring
def row(x):
    return safestring.mark_safe(f"<td>{x}</td>")
"""
FORM_SAMPLE = """
from django import forms
class A(forms.Form): pass
class B(forms.ModelForm["Season"]): pass
class C(GameForm): pass
class D: pass
"""
BRANCHY_SAMPLE = """
def view(request, a, b):
    if a and b or a:
        return [x for x in a if x]
    for y in b:
        try:
            pass
        except ValueError:
            pass
    return 1 if a else 2
"""


def test_each_check_catches_what_it_is_meant_for() -> None:
    assert marks_safe(ast.parse(SAFE_SAMPLE)) == [2, 5]
    assert declared_forms(ast.parse(FORM_SAMPLE)) == ["A", "B", "C"]
    (view,) = functions(ast.parse(BRANCHY_SAMPLE))
    assert complexity(view) == 1 + 1 + 2 + 2 + 1 + 1 + 1  # if, and/or, comprehension+if, …


@pytest.mark.parametrize("path", view_modules(), ids=lambda p: p.name)
def test_no_view_marks_html_safe(path: Path) -> None:
    assert marks_safe(ast.parse(path.read_text())) == [], "build HTML in a template or presenter"


@pytest.mark.parametrize("path", view_modules(), ids=lambda p: p.name)
def test_no_view_module_declares_a_form(path: Path) -> None:
    declared = declared_forms(ast.parse(path.read_text()))
    if path.name in FORMS_STILL_IN_VIEWS:
        assert declared, f"{path.name} has no form left: take it off FORMS_STILL_IN_VIEWS"
    else:
        assert declared == [], "forms belong in skatclub/club/forms/"


@pytest.mark.parametrize("path", view_modules(), ids=lambda p: p.name)
def test_view_functions_are_short_and_read_top_to_bottom(path: Path) -> None:
    too_much = [
        (f.name, f.end_lineno - f.lineno + 1 if f.end_lineno else 0, complexity(f))
        for f in functions(ast.parse(path.read_text()))
    ]
    too_much = [t for t in too_much if t[1] > MAX_LINES or t[2] > MAX_COMPLEXITY]
    assert too_much == [], f"(name, lines, complexity) over {MAX_LINES} lines / {MAX_COMPLEXITY}"
