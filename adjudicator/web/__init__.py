"""The table companion in the browser (`adjudicator serve`): a Starlette app over the same
engine and the same plain-text game records as the command line. It only reads and calls
the engine, as `adjudicator.cli` does, and sits at the same layer."""
