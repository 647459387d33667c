"""Reaching a Dask scheduler, and failing fast and clearly when an address is not one.

``distributed.Client(address)`` on its own retries a refused connection
until its timeout, waits without limit for the first message of a peer that
accepted the connection and says nothing, and allocates whatever size the
first eight bytes of a peer's answer announce (exabytes, from a web or ssh
server).  So `connect` first opens a connection of its own to a ``tcp://``
address and reads the scheduler's greeting within the connect timeout: a
Dask scheduler opens every connection with a short message, an 8-byte
little-endian length and that many bytes.  Other schemes (``tls://``,
``ws://``, ``inproc://``) go to the Client directly, under the same timeout.

A scheduler is trusted: it and its workers run whatever code they are sent.

Importing this module imports neither numba nor dask.
"""

from __future__ import annotations

import math
import socket
import time

from .. import validate
from ..errors import DLXError, ProblemError

__all__ = ["CONNECT_TIMEOUT", "ClusterError", "connect", "probe"]

CONNECT_TIMEOUT = 10.0  # seconds to reach a scheduler, and again to see a worker
GREETING_MAX = 1 << 20  # bytes; a scheduler's first message is about a hundred


class ClusterError(DLXError):
    """Dask is missing, the scheduler cannot be reached, or its workers cannot run dlx."""


def connect(address: str, timeout: float | None = None):
    """A ``distributed.Client`` connected to the scheduler at ``address``.

    Parameters
    ----------
    address : str
        ``tcp://host:port`` (``host:port`` alone means tcp), or any address
        ``distributed.Client`` takes.
    timeout : float, optional
        Seconds to wait for the scheduler; default `CONNECT_TIMEOUT`.

    Raises
    ------
    ClusterError
        dask.distributed is not installed; or the address cannot be reached
        or is not a Dask scheduler (one line that says which), after at most
        about ``timeout`` seconds.
    """
    timeout = validate.seconds("connect_timeout", timeout) or CONNECT_TIMEOUT
    if math.isinf(timeout):
        raise ProblemError("the connect timeout must be a finite number of seconds")
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("running on a Dask cluster needs dask.distributed; install it "
                           "with: pip install \"numba-dlx[cluster]\"") from None
    deadline = time.monotonic() + timeout
    probe(address, timeout)
    try:
        return Client(address, timeout=max(deadline - time.monotonic(), 1.0))
    except Exception as exc:  # anything the Client raises means: not usable
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ClusterError(f"cannot connect to the Dask scheduler at {address}: "
                           f"{reason}") from None


def _tcp_endpoint(address: str) -> tuple[str, int] | None:
    """``(host, port)`` of a ``tcp://`` address (or a bare ``host:port``), else None."""
    scheme, sep, location = address.partition("://")
    if not sep:
        scheme, location = "tcp", address
    if scheme != "tcp":
        return None
    from distributed.comm.addressing import parse_host_port

    try:
        host, port = parse_host_port(location)
    except (ValueError, TypeError) as exc:
        raise ClusterError(f"{address!r} is not a scheduler address such as "
                           f"tcp://10.0.0.5:8786 ({exc})") from None
    return host, int(port)


def probe(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """Check within ``timeout`` seconds that a ``tcp://`` address answers as a Dask scheduler.

    Reads the scheduler's greeting on a connection of its own, then closes
    it.  Other schemes are not checked.

    Raises
    ------
    ClusterError
        Nothing listens there (connection refused: at once), no connection
        or no greeting within ``timeout``, or an answer that is not Dask's.
    """
    endpoint = _tcp_endpoint(address)
    if endpoint is None:
        return
    deadline = time.monotonic() + timeout
    try:
        sock = socket.create_connection(endpoint, timeout=timeout)
    except TimeoutError:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: no connection "
                           f"within {timeout:g} s") from None
    except OSError as exc:
        reason = "connection refused" if isinstance(exc, ConnectionRefusedError) else (
            exc.strerror or str(exc))
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {reason}; check "
                           f"the address, or start one with `dask scheduler`") from None
    not_dask = f"{address} is not a Dask scheduler"
    with sock:
        try:
            size = int.from_bytes(_read(sock, 8, deadline), "little")
            if not 0 < size <= GREETING_MAX:
                raise ClusterError(f"{not_dask}: it answered, but not in Dask's protocol")
            _read(sock, size, deadline)
        except TimeoutError:
            raise ClusterError(f"{not_dask}: it accepted the connection but did not greet "
                               f"as one within {timeout:g} s") from None
        except EOFError:
            raise ClusterError(f"{not_dask}: it closed the connection without greeting "
                               f"as one") from None
        except OSError as exc:
            raise ClusterError(f"{not_dask}: the connection failed "
                               f"({exc.strerror or exc})") from None


def _read(sock: socket.socket, n: int, deadline: float) -> bytes:
    """Exactly ``n`` bytes from ``sock`` before ``deadline`` (TimeoutError, EOFError)."""
    data = bytearray()
    while len(data) < n:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        sock.settimeout(left)
        chunk = sock.recv(min(n - len(data), 1 << 16))
        if not chunk:
            raise EOFError
        data += chunk
    return bytes(data)
