"""``python -m dlx``: the ``dlx`` command line (see :mod:`dlx.cli`)."""

from dlx.cli import main

if __name__ == "__main__":
    main()
