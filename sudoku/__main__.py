"""``python -m sudoku``: the ``sudoku`` command line (see :mod:`sudoku.cli`)."""

from sudoku.cli import main

if __name__ == "__main__":
    main()
