"""MARIA (Richard Sivél, 2009): its rules, board, data and invariants."""
