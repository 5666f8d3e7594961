"""The optional extra `scale`: Dask (and its `distributed`), pyarrow, pandas and matplotlib,
for simulations at scale (a cluster, a Parquet store, plots). `pip install .` is the table
(rules, command line, page) without them; a command that needs them asks here first, so
that an install without them refuses in one line that says what to install, not with a
traceback from deep inside a run.

The check finds a library without importing it (`importlib.util.find_spec`): a plain
`simulate` that finds the extra missing plays in this process instead, and pays no import
for asking.
"""

from __future__ import annotations

import importlib.util

from adjudicator.core.errors import AdjudicatorError

__all__ = ["CLUSTER", "PLOTS", "SCALE_INSTALL", "STORE", "MissingExtra", "missing", "require"]

#: What to type, as the refusal says it.
SCALE_INSTALL = 'pip install "adjudicator[scale]"'

#: The extra's libraries by import name, as the refusal names them. `distributed` is
#: looked for by its own name: `dask.distributed` is a module of Dask that exists, and
#: fails only when imported, without it.
LIBRARIES = {
    "dask": "Dask",
    "distributed": "distributed",
    "pyarrow": "pyarrow",
    "matplotlib": "matplotlib",
}
#: What each kind of work needs: a cluster (and the store its batches are written to),
#: the store alone, the plots with the store they read.
CLUSTER = ("dask", "distributed", "pyarrow")
STORE = ("pyarrow",)
PLOTS = ("pyarrow", "matplotlib")


class MissingExtra(AdjudicatorError):
    """A command needs a library of the `scale` extra that this install lacks."""

    code = "extra"


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a parent package missing, or a module without spec
        return False


def missing(modules: tuple[str, ...]) -> list[str]:
    """The libraries of `modules` this install lacks, as the refusal names them."""
    return [LIBRARIES.get(m, m) for m in modules if not _installed(m)]


def require(what: str, modules: tuple[str, ...]) -> None:
    """Refuse `what` in one line when a library of `modules` is missing."""
    lacking = missing(modules)
    if lacking:
        raise MissingExtra(
            f"{what} needs {_listed(lacking)}, which this install lacks "
            f"(the scale extra): {SCALE_INSTALL}"
        )


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
