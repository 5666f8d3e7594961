"""A whole game of Black Hills: the record's notation (`record.py`), replaying a record with
every turn re-refereed (`replay.py`) and self-play (`simulate.py`). The turn itself is the
referee's (`black_hills/referee.py`); a record is a header and turns in its notation."""
