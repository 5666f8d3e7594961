"""Solo puzzles: rebuild a town from a handful of the edition's own clue cards.

`model` (the puzzle), `puzzle_file` (its TOML file), `towns` (the towns a puzzle allows,
counted by CP-SAT up to two), `steps` (solving it the game's own way: cards P1-P7 with
STOP conclusions L1-L3 between them), `rate` (a difficulty from those steps), `check`
(unique, solvable, minimal, and why not) and `generate` (a puzzle for a seed and level).
"""
