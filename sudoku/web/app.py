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
"""

from __future__ import annotations

import asyncio
import json
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from importlib import resources

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from dlx.errors import DLXError

from . import api

__all__ = ["create_app", "GRACE", "WORKERS"]

WORKERS = 4
"""Threads answering API requests side by side (more wait for a free one)."""
GRACE = 2.0
"""Seconds after the timeout before a request that has not returned answers ``unknown``."""
STATIC = resources.files("sudoku.web") / "static"


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


def create_app(limits: api.Limits | None = None, *, warm: bool = True) -> Starlette:
    """The application (an ASGI app: run it with uvicorn, test it with Starlette's TestClient).

    Parameters
    ----------
    limits : sudoku.web.api.Limits, optional
        Timeout and caps of every request (default: `Limits()`).
    warm : bool
        Load the kernels at startup (`sudoku.web.api.warm_up`); the first
        run of the package compiles them, which takes a while, once.
    """
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
    return Starlette(routes=routes, lifespan=lifespan)
