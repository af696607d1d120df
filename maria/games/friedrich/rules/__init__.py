"""FRIEDRICH's rules engine (the 2005 rules §1-§12, standard game), on the rules core
(maria.engine) and the board model (maria.games.friedrich.board); reached only through its door,
maria.games.friedrich.rules.door (new_game, active_roles, legal_actions, apply, view).
Modules: tables (numbers), state (queries), machine (flow registry), setup (§1, §6), cards (§3),
movement (§4, §9 trains, §6 transfers), conquest (§5), recruit (§10), combat (§7, §8),
supply (§9), fate (§11), victory (§12), flow (§2), door.
"""
