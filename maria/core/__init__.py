"""The rules core of this family of card-driven wargames (MARIA first; FRIEDRICH could share it):
the parts that belong to the system, not to one game, and know no game's powers (in MARIA's
rules: the mechanics of R6, R8-R11 and the flow of R5, with MARIA's numbers passed in).

- stack: the flow stack of named states, their handlers, payment effects and the settling loop
- hooks: named extension points (a game declares its points; its variants provide them)
- rng: the seeded generator kept in the state
- log: the structured game log
- state: plain-data state helpers (copy, piece index, commander choices, the board's road graph)
- sides: who plays which power, alliances and co-operation read from the state's tables
- graph: road-graph searches (move length with the main-road bonus, supply paths, reach within n
  roads, nearest cities meeting a test, the exact retreat search)
- deck: tactical-card decks (card ids, drawing with deck cycling, payment without change)
- duel: the card duel's score arithmetic

Nothing here imports maria.rules (tests/test_architecture.py checks it).  See docs/architecture.md.
"""
