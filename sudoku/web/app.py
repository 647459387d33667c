"""The web app of ``sudoku serve``: `sudoku.web.api`'s handlers and the page, on Starlette.

Routes: ``GET /`` the page (``static/index.html``), ``GET /static/...`` its
script and style, ``GET /api/info`` what the server offers, ``POST
/api/NAME`` the handlers of `sudoku.web.api.HANDLERS`.  A handler runs on a
worker thread (the search kernels release the GIL between short calls), so
the server keeps answering while a long request runs; a request still
running ``timeout`` plus a grace period after it came answers ``unknown``
(its thread finishes on its own: every search in it has the timeout too).
Bodies above the text cap are refused before they are read whole (HTTP
413); bad input answers HTTP 400 with ``{"error": message}``.  Each answer
carries a ``Server-Timing: app;dur=MS`` header, the time spent on it.

Every request passes `_Doors` first, so that no other web page the user
visits can drive the server: its ``Host`` must name the server (``hosts``,
with the port it listens on or none: HTTP 400 otherwise, against DNS
rebinding), its ``Origin``, when it has one, must be the server's own (HTTP
403), and a request that sends a body to the API must declare it
``application/json`` (HTTP 415), which a page of another site cannot do
without a CORS preflight the server never answers.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import re
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from importlib import resources

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from dlx.errors import DLXError

from . import api

__all__ = ["create_app", "host_name", "GRACE", "LOOPBACK", "WORKERS"]

WORKERS = 4
"""Threads answering API requests side by side (more wait for a free one)."""
GRACE = 2.0
"""Seconds after the timeout before a request that has not returned answers ``unknown``."""
STATIC = resources.files("sudoku.web") / "static"
LOOPBACK = ("127.0.0.1", "localhost", "::1")
"""The names the server answers as unless told more: this computer's."""
# A Host header, or the authority of an Origin: a name or an IP literal, then a port.
_AUTHORITY = re.compile(r"(?:\[(?P<ip6>[0-9A-Fa-f:.]+)\]|(?P<name>[A-Za-z0-9._-]+))"
                        r"(?::(?P<port>[0-9]{1,5}))?")
_ORIGIN = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://(?P<authority>[^/?#@]+)")
_DEFAULT_PORTS = {"http": 80, "https": 443}


def _json(obj, status: int = 200, started: float | None = None) -> Response:
    body = json.dumps(obj, separators=(",", ":"), default=_plain).encode("utf-8")
    headers = {}
    if started is not None:
        headers["Server-Timing"] = f"app;dur={(time.perf_counter() - started) * 1000:.2f}"
    return Response(body, status, headers, media_type="application/json")


def _plain(obj):
    if hasattr(obj, "tolist"):  # numpy values
        return obj.tolist()
    if isinstance(obj, (set, frozenset)):
        return sorted(obj)
    raise TypeError(f"{type(obj).__name__} is not JSON serialisable")


async def _body(request: Request, cap: int) -> dict:
    """The request's JSON object, refusing more than ``cap`` bytes before reading them all."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > cap:
        raise api.ApiError(f"the request has {int(declared)} bytes; at most {cap} are read",
                           status=413)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > cap:
            raise api.ApiError(f"the request has more than {cap} bytes; at most {cap} are read",
                               status=413)
        chunks.append(chunk)
    try:
        body = json.loads(b"".join(chunks) or b"{}")
    except (ValueError, UnicodeDecodeError) as exc:
        raise api.ApiError(f"the request is not JSON: {exc}") from None
    if not isinstance(body, dict):
        raise api.ApiError("the request must be a JSON object")
    return body


def _authority(text: str) -> tuple[str, int | None] | None:
    """``(name, port)`` of ``host[:port]`` (the name lower-case, an IPv6 address compressed
    in brackets; port None when not given), or None when it is no such thing."""
    m = _AUTHORITY.fullmatch(text)
    if m is None:
        return None
    if m["ip6"] is not None:
        try:
            name = f"[{ipaddress.IPv6Address(m['ip6']).compressed}]"
        except ValueError:
            return None
    else:
        name = m["name"].lower()
    port = None if m["port"] is None else int(m["port"])
    if port is not None and port > 65535:
        return None
    return name, port


def host_name(text: str) -> str:
    """``text`` as the server compares it with a request's Host header: a host name or an
    IP address (an IPv6 one with or without its brackets), without a port.

    Raises
    ------
    ValueError
        ``text`` is not a host name or address, or has a port.

    Examples
    --------
    >>> host_name("LocalHost"), host_name("::1"), host_name("[0:0::1]")
    ('localhost', '[::1]', '[::1]')
    """
    bracketed = f"[{text}]" if ":" in text and not text.startswith("[") else text
    found = _authority(bracketed)
    if found is None or found[1] is not None:
        raise ValueError(f"{text!r} is not a host name or address without a port "
                         "(such as sudoku.example or 192.168.1.5)")
    return found[0]


class _Doors:
    """An ASGI middleware refusing what does not come from the server's own page or from
    a program (see the module's notes).  Starlette's TrustedHostMiddleware checks names
    only, not the port, and answers plain text; the Origin check needs the same names."""

    def __init__(self, app, hosts: tuple[str, ...]):
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            refused = self.refusal(scope)
            if refused is not None:
                status, message = refused
                await _json({"error": message}, status)(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def names(self, port: int | None) -> str:
        names = self.hosts
        listed = ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else names[0]
        return listed if port is None else f"{listed}, port {port}"

    def refusal(self, scope) -> tuple[int, str] | None:
        headers = Headers(scope=scope)
        server = scope.get("server")
        port = server[1] if server else None  # the port the request came in on
        host = headers.get("host")
        found = None if host is None else _authority(host)
        if found is None or found[0] not in self.hosts or \
                found[1] is not None and port is not None and found[1] != port:
            return 400, (f"the request's Host header is {host!r}, not this server's name: it "
                         f"answers as {self.names(port)} (sudoku serve --allow-host NAME adds a "
                         "name)" if host is not None else "the request has no Host header")
        origin = headers.get("origin")
        if origin is not None and not self.own(origin, scope.get("scheme", "http"), port):
            return 403, (f"the request comes from a page of another site ({origin}); this "
                         "server answers its own page, and programs that send no Origin")
        if scope["path"].startswith("/api/") and scope["method"] not in ("GET", "HEAD",
                                                                         "OPTIONS"):
            kind = headers.get("content-type")
            if kind is None:
                return 415, ("the request has no Content-Type; the API takes a JSON object "
                             "sent as Content-Type: application/json")
            if kind.split(";")[0].strip().lower() != "application/json":
                return 415, (f"the request's Content-Type is {kind!r}; the API takes a JSON "
                             "object sent as Content-Type: application/json")
        return None

    def own(self, origin: str, scheme: str, port: int | None) -> bool:
        """Whether ``origin`` is the server's own: its scheme, one of its names, its port."""
        m = _ORIGIN.fullmatch(origin)
        found = None if m is None else _authority(m["authority"])
        if m is None or found is None or m["scheme"].lower() != scheme or \
                found[0] not in self.hosts:
            return False
        given = found[1] if found[1] is not None else _DEFAULT_PORTS.get(scheme)
        return port is None or given == port


def create_app(limits: api.Limits | None = None, *, warm: bool = True,
               hosts=LOOPBACK) -> Starlette:
    """The application (an ASGI app: run it with uvicorn, test it with Starlette's TestClient).

    Parameters
    ----------
    limits : sudoku.web.api.Limits, optional
        Timeout and caps of every request (default: `Limits()`).
    warm : bool
        Load the kernels at startup (`sudoku.web.api.warm_up`); the first
        run of the package compiles them, which takes a while, once.
    hosts : iterable of str
        The names and addresses the server answers as (default `LOOPBACK`):
        a request whose ``Host`` header names another, or another port than
        the one it came in on, is refused, as is one from a page whose
        ``Origin`` is not ``http://`` one of them with that port.

    Raises
    ------
    ValueError
        A name of ``hosts`` is not a host name or address (see `host_name`).
    """
    names = tuple(dict.fromkeys(map(host_name, hosts)))
    if not names:
        raise ValueError("the server needs at least one host name to answer as")
    limits = limits or api.Limits()
    # Room for the JSON quoting of the largest text allowed.
    cap = 2 * limits.max_text + 4096
    pool = ThreadPoolExecutor(WORKERS, thread_name_prefix="sudoku-web")

    @asynccontextmanager
    async def lifespan(app):
        if warm:
            await asyncio.get_running_loop().run_in_executor(pool, api.warm_up, limits)
        yield
        pool.shutdown(wait=False, cancel_futures=True)

    async def handle(request: Request) -> Response:
        started = time.perf_counter()
        name = request.path_params["name"]
        handler = api.HANDLERS.get(name)
        if handler is None:
            return _json({"error": f"no endpoint /api/{name}; the endpoints are "
                                   f"{', '.join(sorted(api.HANDLERS))}"}, 404, started)
        try:
            body = await _body(request, cap)
            job = asyncio.get_running_loop().run_in_executor(pool, handler, body, limits)
            answer = await asyncio.wait_for(job, limits.timeout + GRACE)
        except api.ApiError as exc:
            return _json(exc.as_dict(), exc.status, started)
        except asyncio.TimeoutError:
            return _json({"status": "unknown", "reason": "timeout",
                          "seconds": round(time.perf_counter() - started, 6)}, 200, started)
        except DLXError as exc:  # e.g. a grid too large to encode
            return _json({"error": str(exc)}, 400, started)
        except Exception as exc:  # a bug: still a JSON answer, and the server goes on
            return _json({"error": f"internal error: {type(exc).__name__}: {exc}"}, 500,
                         started)
        return _json(answer, 200, started)

    async def info(request: Request) -> Response:
        return _json(api.info(limits))

    async def page(request: Request) -> Response:
        return FileResponse(str(STATIC / "index.html"))

    routes = [Route("/", page), Route("/api/info", info),
              Route("/api/{name}", handle, methods=["POST"]),
              Mount("/static", StaticFiles(directory=str(STATIC)), name="static")]
    return Starlette(routes=routes, lifespan=lifespan,
                     middleware=[Middleware(_Doors, hosts=names)])
