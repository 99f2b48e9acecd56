"""The big day's figures by Serie and by ten minutes, the processes' memory and the machine's load
(benchmarks/big_day.py prints them after its totals).

Each request kind is a series of samples with the latency the phone saw, when it left (the load
generator's monotonic clock), the Serie it belongs to and the server's CPU (its header). Memory is
each process's resident set (VmRSS in /proc/<pid>/status), read at the start and the end of each
Serie's load: the server's main process and workers, the background workers, the PostgreSQL
backends of the benchmark's database and this process.
"""

from __future__ import annotations

import math
import os
import statistics
from array import array
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

TEN_MINUTES = 600.0
BACKEND = "PostgreSQL backend "  # one row per backend: they come and go (CONN_MAX_AGE)


class Series(Protocol):
    latency_ms: array[float]
    sent_s: array[float]
    round_of: array[int]
    cpu_ms: array[float]
    cpu_round_of: array[int]


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def spread(values: Sequence[float]) -> str:
    if not values:
        return f"{'–':>26}"
    return f"{statistics.median(values):7.1f} {percentile(values, 0.95):7.1f} {max(values):8.1f} ms"


def by_round(kinds: Sequence[tuple[str, Series]]) -> list[str]:
    """Per kind and Serie: n, the phone's latency p50/p95/max and the server's CPU mean/p95."""
    lines = [f"{'':28}{'Serie':>6}{'n':>8}   p50     p95      max      CPU mean  p95"]
    for name, series in kinds:
        rounds: defaultdict[int, list[float]] = defaultdict(list)
        for number, latency in zip(series.round_of, series.latency_ms, strict=True):
            rounds[number].append(latency)
        cpus: defaultdict[int, list[float]] = defaultdict(list)
        for number, cpu in zip(series.cpu_round_of, series.cpu_ms, strict=True):
            cpus[number].append(cpu)
        for number in sorted(rounds):
            used = cpus.get(number, [])
            shown = f"{statistics.fmean(used):6.2f} {percentile(used, 0.95):6.2f}" if used else ""
            lines.append(
                f"{name:28}{number:>6}{len(rounds[number]):>8} {spread(rounds[number])}  {shown}"
            )
    return lines


def by_ten_minutes(kinds: Sequence[tuple[str, Series]], start: float) -> list[str]:
    """Per kind and ten minutes of the load (from `start`, the loop's clock): n and the
    phone's latency p50/p95/max."""
    lines = [f"{'':28}{'min':>6}{'n':>8}   p50     p95      max"]
    for name, series in kinds:
        windows: defaultdict[int, list[float]] = defaultdict(list)
        for sent, latency in zip(series.sent_s, series.latency_ms, strict=True):
            windows[int((sent - start) // TEN_MINUTES)].append(latency)
        for window in sorted(windows):
            label = f"{window * 10}–{window * 10 + 10}"
            lines.append(f"{name:28}{label:>6}{len(windows[window]):>8} {spread(windows[window])}")
    return lines


def rss_kib(pid: int) -> int:
    """The resident set of a process in KiB (0 once it ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return 0
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


@dataclass
class Memory:
    """The processes' resident sets at labelled moments (the start and end of each Serie)."""

    moments: list[str] = field(default_factory=list)
    readings: dict[str, dict[str, int]] = field(default_factory=dict)  # process -> moment -> KiB

    def read(self, moment: str, processes: Iterable[tuple[str, int]]) -> None:
        """Each process's resident set now; the PostgreSQL backends also as their largest
        (judged for growth: a backend's pid changes when a worker renews its connection) and
        their sum (not judged: it follows how many connections are open)."""
        self.moments.append(moment)
        backends = []
        for name, pid in processes:
            kib = rss_kib(pid)
            if kib:
                self.readings.setdefault(name, {})[moment] = kib
                if name.startswith(BACKEND):
                    backends.append(kib)
        if backends:
            self.readings.setdefault("PostgreSQL backends: largest", {})[moment] = max(backends)
            self.readings.setdefault("PostgreSQL backends: sum", {})[moment] = sum(backends)

    def lines(self, first: str, last: str) -> tuple[list[str], list[str]]:
        """The table in MB, and the processes that grew more than 20 % from `first` to
        `last` (the targets' memory line)."""
        shown = [f"{'process':30}" + "".join(f"{m:>12}" for m in self.moments) + "      growth"]
        grew = []
        for name, found in self.readings.items():
            cells = "".join(
                f"{found[m] / 1024:10.1f} M" if m in found else f"{'–':>12}" for m in self.moments
            )
            growth = ""
            if first in found and last in found:
                share = found[last] / found[first] - 1
                growth = f"{share:+10.0%}"
                if share > 0.20 and not name.endswith(": sum"):
                    grew.append(f"{name} {share:+.0%}")
            shown.append(f"{name:30}{cells}{growth:>12}")
        return shown, grew


@dataclass
class Load:
    """The machine's load average (1 min), read every ten seconds of the load."""

    readings: defaultdict[int, list[float]] = field(default_factory=lambda: defaultdict(list))

    def read(self, round_number: int) -> None:
        self.readings[round_number].append(os.getloadavg()[0])

    def lines(self) -> list[str]:
        return [
            f"Serie {number}: load average (1 min) mean {statistics.fmean(values):.2f}, "
            f"max {max(values):.2f} on {os.cpu_count()} cores ({len(values)} readings)"
            for number, values in sorted(self.readings.items())
        ]
