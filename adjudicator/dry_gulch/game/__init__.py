"""A whole game of Dry Gulch: the flow of a turn (`flow.py`), the record's notation
(`record.py`), replaying a record (`replay.py`) and self-play (`simulate.py`)."""
