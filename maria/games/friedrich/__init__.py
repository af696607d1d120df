"""FRIEDRICH (Richard Sivél, 2004; rules of the revised first edition, January 2005): the sister
game, on the rules core (maria.engine).  `board` is the board model (cities, roads, objectives,
depots, set-up); the loader and its checks, the rules and the players live beside it."""
