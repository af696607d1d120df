"""FRIEDRICH's extension points (§13; the machinery is maria.engine.hooks): every point where the
advanced rules of §13 (Fate by sector, East Prussia, the Offensive Option) plug into the standard
rules (§1-§12), one named hook per point.

The standard modules never import the advanced rules (maria.games.friedrich.rules.advanced); they
call `hooks.call(point, ...)`, and the advanced module registers its function for that point with
`@hooks.provide(point)` when it is imported (maria.games.friedrich.rules.flow imports it, so every
game has it; each function keeps its own "rule on" test).  Calling a point nobody provides is an
error.
"""

from __future__ import annotations

from maria.engine.hooks import HookPoints

# point -> (who calls it, what §13 does there)
POINTS: dict[str, str] = {
    "normalise_options": "setup.build_state: the game's options, the advanced rules named (§13)",
    "advanced_on": "setup.build_state: is any advanced rule on (§13)",
    "new_advanced_state": "setup.build_state: the advanced rules' own state (§13)",
    "fate_version": "fate: which version of a Card of Fate is read (§13 Fate by sector)",
    "fate_effect": "fate: the clubs, hearts and diamonds versions' effects (§13 Fate by sector)",
    "subsidy_cut": "fate: the British subsidies end (§11, §13 Offensive Option)",
    "battle_settled": "combat: after a battle, the Offensive Option's count (§13)",
    "supply_removal": "supply: a general removed for lack of supply (§13 Offensive Option)",
    "before_phase": "flow: before a nation's phase (§13 East Prussia, after Russia's supply)",
    "after_phase_pushed": "flow: a phase just pushed (§13 Offensive Option: turn 3, before Prussia moves)",
    "victory_extra": "victory: the extra conditions of the advanced rules (§13)",
    "austria_compensation": "victory: Austria's compensation (§13 East Prussia)",
    "new_turn": "victory: the advanced rules' bookkeeping of a new turn (§13)",
}

_HOOKS = HookPoints(POINTS)
provide = _HOOKS.provide  # @hooks.provide(point) in the advanced module
call = _HOOKS.call  # hooks.call(point, ...) at the standard sites
provided = _HOOKS.provided
