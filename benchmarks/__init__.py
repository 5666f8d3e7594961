"""The benchmark of adjudicator: the engine and its brute-force twins timed side by side,
the start-ups, the web page on a real server, the loaders' limits and the scale curve.

It is not part of the package (`pip install .` ships no line of it): run it from the
repository's root as `python -m benchmarks` (`--help` for its options). It sits beside
`tests/`, whose twins it times (`tests/hint_twin.py`), and imports `adjudicator`, which
never imports it (an import-linter contract holds that). The modules: `case` (a case, its
runs and figures), `cases` (the list, with the deduction games' own), `startup`, `legal`,
`simulate`, `games` (Dry Gulch, Black Hills), `limits`, `scale`, `web` and `cli`.
"""
