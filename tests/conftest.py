"""Test-wide settings."""

import os

# The one-line "compiling the search kernels" notice goes to stderr of whichever
# test happens to compile first (the first run on an empty numba cache), where
# tests compare stderr line by line; keep it out of every test and subprocess.
os.environ.setdefault("DLX_NO_COMPILE_NOTICE", "1")
