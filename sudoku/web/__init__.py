"""``sudoku serve``: a local web app over the package, and the JSON API it uses.

`sudoku.web.api` holds the request handlers as plain functions (a request's
JSON object in, the answer's out), so they are tested and reused without a
server; `sudoku.web.app` wires them into a Starlette application (the
optional ``web`` extra: ``pip install "numba-dlx[web]"``) together with the
page in ``static/``.  Importing this package imports neither numba nor the
web framework.
"""

__all__: list[str] = []
