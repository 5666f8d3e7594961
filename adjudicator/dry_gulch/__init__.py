"""Dry Gulch: a referee for paying for, placing and scoring buildings (its own game, sharing
files, output and the solver with the deduction games).

`data.py` reads the board and cards, `state.py` the state files, `pay.py` finds the
payment that keeps the most valuable hand (CP-SAT, with a brute-force twin) and the best
building plan, `place.py` says whether a building may stand on a site, and `score.py`
counts influence and checks the event cards in play.
"""
