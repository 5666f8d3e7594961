"""`python -m benchmarks`, run from the repository's root (where `tests/` is importable)."""

from benchmarks.cli import app

app(prog_name="python -m benchmarks")
