"""The wheel alone (issue 25): built from the repository's files, installed into a fresh
virtualenv outside the checkout, its `skatclub` command sets up the demo club in the user's
data folder and serves pages, static files and a PDF printed with the shipped fonts.

Marked `packaging` (about a minute: a wheel, a virtualenv, the demo club, gunicorn), so the
default run leaves it out; CI runs it with `pytest -m packaging tests/packaging`. Nothing of
the checkout is reachable from the installed command: it runs in another folder, with
another HOME and without PYTHONPATH or the test's database settings.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parents[2]
# What the build reads: nothing else of the checkout goes into the copy it is built from.
BUILD_INPUTS = ("pyproject.toml", "README.md", "scoring", "skatclub", "templates", "static")
# The wheel's place of each folder that is read at run time.
SHIPPED = {
    "templates": "skatclub/templates",
    "static": "skatclub/static",
    "skatclub/club/printing/fonts": "skatclub/club/printing/fonts",
}
# Settings of the test run that must not reach the installed command.
LEFT_OUT = (
    "DATABASE_URL",
    "SKATCLUB_DATA",
    "DJANGO_SETTINGS_MODULE",
    "PYTHONPATH",
    "XDG_DATA_HOME",
)


@dataclass(frozen=True)
class Installed:
    wheel: Path
    venv: Path
    home: Path  # HOME of the installed command
    elsewhere: Path  # its working directory, outside the checkout

    @property
    def data(self) -> Path:
        return self.home / ".local" / "share" / "skatclub"

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in LEFT_OUT}
        bin_dir = str(self.venv / "bin")
        return env | {"HOME": str(self.home), "PATH": f"{bin_dir}{os.pathsep}{env['PATH']}"}

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [str(self.venv / "bin" / "skatclub"), *args],
            cwd=self.elsewhere,
            env=self.env(),
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return done


def run(*args: str | Path, cwd: Path) -> None:
    done = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The wheel built from a copy of the build's inputs, installed into a new virtualenv,
    and the demo club set up by the installed command."""
    work = tmp_path_factory.mktemp("package")
    source = work / "source"  # a copy: no stale build/ folder of the checkout gets in
    for name in BUILD_INPUTS:
        if (ROOT / name).is_dir():
            shutil.copytree(
                ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__")
            )
        else:
            source.mkdir(exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    python = sys.executable
    run(python, "-m", "pip", "wheel", "--quiet", "--no-deps", source, "-w", work / "dist", cwd=work)
    wheel = next((work / "dist").glob("skatclub-*.whl"))
    run(python, "-m", "venv", work / "venv", cwd=work)
    run(work / "venv" / "bin" / "pip", "install", "--quiet", wheel, cwd=work)
    found = Installed(wheel, work / "venv", work / "home", work / "elsewhere")
    found.elsewhere.mkdir()
    found.run("demo", "--no-serve")
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(frozen=True)
class Answer:
    status: int
    content_type: str
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")


def fetch(url: str) -> Answer:
    with urllib.request.urlopen(url, timeout=120) as response:
        return Answer(response.status, response.headers["Content-Type"], response.read())


@pytest.fixture
def served(installed: Installed, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """`skatclub demo` serving on a free port: its address and the file with its output."""
    port = free_port()
    log = tmp_path / "demo.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            [str(installed.venv / "bin" / "skatclub"), "demo", f"--port={port}", "--workers=1"],
            cwd=installed.elsewhere,
            env=installed.env(),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # Granian and its worker in a group of their own
        )
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_for(url, server, log)
        yield url, log
    finally:
        os.killpg(server.pid, signal.SIGTERM)  # Granian stops its worker and itself
        server.wait(timeout=30)


def wait_for(url: str, server: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert server.poll() is None, log.read_text()
        try:
            fetch(url)
            return
        except OSError:
            time.sleep(0.5)
    raise AssertionError(f"{url} answers not within 120 s:\n{log.read_text()}")


def test_the_wheel_holds_the_templates_static_files_and_fonts(installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    for folder, place in SHIPPED.items():
        files = [p for p in (ROOT / folder).rglob("[!.]*") if p.is_file()]
        assert files, folder
        missing = [str(p) for p in files if f"{place}/{p.relative_to(ROOT / folder)}" not in names]
        assert missing == []
    assert "skatclub/templates/pdf/printout.css" in names  # read by {% include %}, not served


def test_the_installed_command_runs_the_installed_code_with_data_in_the_users_folder(
    installed: Installed,
) -> None:
    where = subprocess.run(
        [str(installed.venv / "bin" / "python"), "-c", "import skatclub; print(skatclub.__file__)"],
        cwd=installed.elsewhere,
        env=installed.env(),
        capture_output=True,
        text=True,
        check=True,
    )
    assert Path(where.stdout.strip()).is_relative_to(installed.venv)
    assert (installed.data / "skatclub.sqlite3").stat().st_size > 100_000
    assert (installed.data / "secret_key").is_file()
    written = [p for p in installed.venv.rglob("*") if p.suffix == ".sqlite3" or p.name == "var"]
    assert written == []  # nothing beside the installed code
    assert list(installed.elsewhere.iterdir()) == []  # nor in the folder it was called from
    version = installed.run("--version").stdout.strip()
    assert re.fullmatch(r"skatclub \d+\.\d+\.\d+\S*", version)


def test_skatclub_demo_serves_pages_static_files_and_a_pdf_with_the_shipped_fonts(
    served: tuple[str, Path], installed: Installed
) -> None:
    url, log = served
    home = fetch(url)
    assert home.status == 200 and home.content_type.startswith("text/html")
    stylesheet = re.search(r'href="(/static/[^"]+\.css)"', home.text)
    event = re.search(r'href="/(veranstaltungen/[\w-]+/)"', home.text)
    assert stylesheet and event, home.text[:2000]

    css = fetch(url + stylesheet.group(1).lstrip("/"))
    assert css.status == 200 and css.content_type.startswith("text/css") and b"{" in css.body

    page = fetch(url + event.group(1))
    assert page.status == 200 and page.content_type.startswith("text/html")
    assert "Rangliste" in page.text or "Serie" in page.text

    # The demo's print worker renders it: first its progress page, then the PDF.
    pdf = fetch(url + event.group(1) + "ergebnis.pdf")
    deadline = time.monotonic() + 120
    while pdf.status == 202 and time.monotonic() < deadline:
        assert "Das PDF wird erstellt" in pdf.text
        time.sleep(1)
        pdf = fetch(url + event.group(1) + "ergebnis.pdf")
    assert pdf.status == 200 and pdf.content_type == "application/pdf", log.read_text()
    assert pdf.body.startswith(b"%PDF-")
    assert shipped_fonts(pdf.body)

    output = log.read_text()
    assert f"Datenordner: {installed.data}" in output
    assert "Demo-Club (Saison" in output  # set up by the fixture: found, not loaded again


def test_skatclub_print_writes_a_pdf_from_the_command_line(
    installed: Installed, tmp_path: Path
) -> None:
    keys = installed.run(
        "manage",
        "shell",
        "-c",
        "from skatclub.club.models import Event; print(Event.objects.latest('date').key)",
    )
    key = keys.stdout.strip().splitlines()[-1]
    printed = tmp_path / "ergebnis.pdf"
    installed.run("print", "results", "--event", key, "-o", str(printed))
    assert printed.read_bytes().startswith(b"%PDF-")
    assert shipped_fonts(printed.read_bytes())


def shipped_fonts(pdf: bytes) -> list[str]:
    """The fonts embedded under the names printing/fonts.py gives the shipped files (subset
    "ABCDEF+Skatclub-Sans"): a font file missing from the wheel would be a system font."""
    names = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        resources = page["/Resources"].get_object()
        assert isinstance(resources, DictionaryObject)
        fonts = resources["/Font"].get_object()
        assert isinstance(fonts, DictionaryObject)
        names += [str(font.get_object()["/BaseFont"]) for font in fonts.values()]
    assert names
    return [name for name in names if re.fullmatch(r"/[A-Z]{6}\+Skatclub-Sans.*", name)]
