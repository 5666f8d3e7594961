"""Black Hills: a referee and best-turn finder (its own game, sharing files, output and the
solver with the deduction games).

`data.py` reads the board and cards, `state.py` the state files. A turn is written in the
notation of `notation.py` and refereed by `referee.py`, which applies its actions in order
to a `Turn` in progress (`turn.py`): the characters' skills (`characters.py`, the Shaman in
`shaman.py`), the event cards (`events.py`, a table of their effects), gunmen and robberies
(`robbery.py`), and the round (`round.py`: keeping characters, the next player, the end of a
round). The answer is a `Verdict` (`verdict.py`) whose reasons cite the rule codes of
`codes.py`; a refusal on the way is a `TurnError` (`errors.py`). `invest.py` finds the most
reputation a player can buy (CP-SAT, with a brute-force twin), and `best.py` ranks every
turn a player can take.
"""
