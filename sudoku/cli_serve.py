"""``sudoku serve``: the local web app (`sudoku.web`) on a uvicorn server.

A thin click layer: the ``sudoku`` group adds the command with
``cli.add_command``.  ``--help`` loads neither numba nor the web framework:
both are imported inside the command, which names the ``web`` extra when the
framework is missing.
"""

from __future__ import annotations

import ipaddress
import socket
import webbrowser

import click

from dlx.cli_base import CONTEXT, SECONDS, err

__all__ = ["serve"]


@click.command(context_settings=CONTEXT)
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; the default answers this computer only.  Another "
                   "(0.0.0.0: every interface) lets other machines use the solver, with a "
                   "warning; they reach it by that address or an --allow-host name.")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
              help="A name the server answers as, besides 127.0.0.1, localhost, [::1] and "
                   "the --host address; a request naming another in its Host header is "
                   "refused.  Repeatable.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              metavar="N", help="Port to listen on; 0 picks a free one.")
@click.option("--open", "open_browser", is_flag=True,
              help="Open the page in the default web browser once the server runs.")
@click.option("--timeout", type=SECONDS, default=10.0,
              show_default=True, metavar="SECONDS",
              help="Longest time a request may take; a search still running then answers "
                   "status `unknown`.")
@click.option("--max-size", type=click.IntRange(min=1), default=100, show_default=True,
              metavar="N", help="Largest grid (N x N) a request may send.")
def serve(host, allow_hosts, port, open_browser, timeout, max_size):
    """Serve the web app: type, paste, upload or generate puzzles in a browser.

    The page draws the grid, solves, checks uniqueness (showing two solutions
    when there are several), gives hints and steps through the explanation
    with each step's cells and candidates highlighted, rates, compares the
    timings of logic, search and both, and lists the puzzles of an uploaded
    file with their status and rating.  It is a client of the JSON API under
    `/api/` (POST /api/solve, check, count, candidates, hint, explain, rate,
    methods, puzzles, render, generate; GET /api/info), which other programs
    can use too.

    The server loads the solver's kernels first (compiling them on the very
    first run), then prints its URL on stderr, `sudoku serve:
    http://127.0.0.1:8000/`, and answers until Ctrl-C.  No request reads or
    writes a file on this computer; each is bounded by --timeout, --max-size
    and a cap on the text sent.  Requests must name the server in their
    Host header, come from its own page or from a program (no Origin of
    another site), and send JSON as application/json: other web pages the
    browser shows cannot drive it.  Needs the web extra:
    `pip install "numba-dlx[web]"`.
    """
    try:
        import uvicorn

        from .web.app import LOOPBACK, create_app, host_name
    except ImportError as exc:
        raise click.ClickException(f"sudoku serve needs the web extra ({exc.name} is "
                                   "missing): pip install \"numba-dlx[web]\"") from None
    from .web import api  # (with the app above: the web front end, loaded by this command)

    for name in allow_hosts:
        try:
            host_name(name)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="'--allow-host'") from None
    limits = api.Limits(timeout=timeout, max_size=max_size,
                        max_logic_size=min(max_size, api.Limits.max_logic_size))
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise click.ClickException(f"cannot listen on {host} port {port}: "
                                   f"{exc.strerror or exc}") from None
    address = ipaddress.ip_address(sock.getsockname()[0].split("%")[0])
    # The address listened on is a name of the server, unless it is "every interface",
    # which no request names (the page is opened on this computer's loopback address).
    hosts = list(LOOPBACK)
    for name in () if address.is_unspecified else (host, str(address)):
        try:
            hosts.append(host_name(name))
        except ValueError:  # a scoped IPv6 address (fe80::1%eth0): no Host header names it
            pass
    hosts += allow_hosts
    app = create_app(limits, warm=False, hosts=hosts)
    if not address.is_loopback:
        err(f"sudoku serve: warning: listening on {host}, open to other machines: anyone "
            "who reaches it can use the solver.  It answers as "
            f"{', '.join(dict.fromkeys(map(host_name, hosts)))}; --allow-host NAME adds "
            "the names others use for this computer.")
    err("sudoku serve: loading the solver...")
    api.warm_up(limits)
    if address.is_unspecified:
        shown = "[::1]" if family == socket.AF_INET6 else "127.0.0.1"
    else:
        shown = f"[{host}]" if family == socket.AF_INET6 else host
    url = f"http://{shown}:{sock.getsockname()[1]}/"
    err(f"sudoku serve: {url} (Ctrl-C stops)")
    if open_browser:
        webbrowser.open(url)
    config = uvicorn.Config(app, log_level="warning")
    uvicorn.Server(config).run(sockets=[sock])
