"""Simulations at scale: self-play in seeded batches on a Dask cluster, stored as Parquet.

Layers, held by `lint-imports`: `report` (plots and the HTML page) over `stats` (what the
store says) over `run` (the cluster) over `store` (the Parquet files) over `batch` (one
batch of games, the only module that plays a game) over `spec` (what a run is).
Dask, pyarrow and matplotlib are imported inside the functions that need them, so the
command line starts without them.
"""
