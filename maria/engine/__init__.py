"""The engine of this family of card-driven wargames (MARIA and FRIEDRICH): what belongs to the
system, not to one game; it knows no game's powers and cites no rule (each game passes its numbers).

- stack: the flow stack of named states and a game's Machine (its handlers, payment effects and
  settling loop)
- door: the narrow door over a game's machine (who acts, legal actions, apply with undo, refusals)
- game: the Game interface every game implements, and the registry of games
- hooks: named extension points (a game declares its points; its variants provide them)
- rng: the seeded generator kept in the state
- log: the structured game log
- state: plain-data state helpers (copy, piece index, the board's road graph)
- sides: who plays which power, alliances and co-operation read from the state's tables
- graph: road-graph searches (move length with the main-road bonus, supply paths, reach within n
  roads, nearest cities meeting a test, the exact retreat search)
- deck: tactical-card decks (card ids, drawing with deck cycling, payment without change)
- duel: the card duel's score arithmetic
- board_folder, board_problems: reading a game's board folder and naming what is wrong in it

Nothing here imports a game (tests/test_architecture.py checks it).  See docs/architecture.md.
"""
