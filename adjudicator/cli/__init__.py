"""The command line. It only reads rulings and models; it decides nothing."""
