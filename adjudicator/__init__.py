"""Adjudicator: a solver-backed rules referee for Old Town and Gads Hill 1874.

Data flows one way: files -> validated models (board, cards, state) ->
compiled knowledge and clues -> one solver adapter -> rulings -> the command
line and pictures, which only read.
"""

__version__ = "0.1.0"
