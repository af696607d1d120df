"""The rules core of this family of card-driven wargames (MARIA first; FRIEDRICH could share it):
the parts that belong to the system, not to one game, and know no game's powers.

- stack: the flow stack of named states, their handlers, payment effects and the settling loop
- hooks: named extension points (a game declares its points; its variants provide them)
- rng: the seeded generator kept in the state
- log: the structured game log
- state: plain-data state helpers (copy, piece index, commander choices, the board's road graph)
- sides: who plays which power, alliances and co-operation read from the state's tables

Nothing here imports maria.rules (tests/test_architecture.py checks it).  See docs/architecture.md.
"""
