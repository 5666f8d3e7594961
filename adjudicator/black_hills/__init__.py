"""Black Hills: a referee and best-turn finder (its own game, sharing files, output and the
solver with the deduction games).

`data.py` reads the board and cards, `state.py` the state files, `turn.py` referees a
turn, `invest.py` finds the most reputation a player can buy (CP-SAT, with a brute-force
twin), and `best.py` ranks every turn a player can take.
"""
