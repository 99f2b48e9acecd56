"""The server's application for benchmarks/big_day.py: `skatclub.wsgi`, measured per request.

Answers as `skatclub.wsgi.application` does, with two headers more: `X-Bench-Cpu-Us`, the CPU
time of the call (`time.thread_time`: an application thread runs one request at a time, so
this is the request's CPU; with SQLite the database's work is in it, PostgreSQL's
backend is not) and `X-Bench-Wall-Us`, its wall time. Both cover middleware, view, template and
database; not the server's own work (parsing the request, writing the answer, the access log).
The real `start_response` is called only once the application returned, so the headers can
say how long it took.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from skatclub.wsgi import application as skatclub_application

StartResponse = Callable[..., Callable[[bytes], object]]


def application(environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
    said: list[tuple[str, list[tuple[str, str]], Any]] = []

    def later(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
        said.append((status, headers, exc_info))
        return unused_write

    started_cpu, started_wall = time.thread_time(), time.perf_counter()
    body = skatclub_application(environ, later)
    cpu = time.thread_time() - started_cpu
    wall = time.perf_counter() - started_wall
    status, headers, exc_info = said[-1]
    measured = [
        ("X-Bench-Cpu-Us", str(round(cpu * 1e6))),
        ("X-Bench-Wall-Us", str(round(wall * 1e6))),
    ]
    start_response(status, [*headers, *measured], exc_info)
    return body


def unused_write(data: bytes) -> None:
    """Django returns its body and never writes through start_response's callable."""
    raise RuntimeError("big_day_server: write() before the headers were sent")
