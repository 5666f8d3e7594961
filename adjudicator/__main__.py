"""`python -m adjudicator`: the same command line as the `adjudicator` script."""

from adjudicator.cli.main import run

run()
