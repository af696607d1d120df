"""MARIA's extension points (the machinery is maria.engine.hooks): every point where the advanced
game (R15-R25) plugs into the introductory rules (and the few points where
one part of the advanced game calls a later one): one named hook per point.

The introductory modules never import the advanced game (the package maria.games.maria.rules.advanced);
where the advanced game adds to an introductory rule they call `hooks.call(point, ...)`, and the
advanced modules register their function for that point with `@hooks.provide(point)` when they are
imported (maria.games.maria.rules.flow imports them, so every game has them; each function keeps its own
"advanced game only" test, as the call sites do).  Calling a point nobody provides is an error.
"""

from __future__ import annotations

from maria.engine.hooks import HookPoints

# point -> (who calls it, what the advanced game does there)
POINTS: dict[str, str] = {
    # the turn sequence (maria.games.maria.rules.flow, maria.games.maria.rules.tc, maria.games.maria.rules.winter)
    "end_of_game": "flow Game after the last turn: the advanced game's end (R16, R23) - advanced.markers",
    "winter_scoring": "flow Turn / winter.start_winter: winter VP scoring (R16.5) - advanced.markers",
    "start_of_action_stage": "flow ActionStage: Silesian peace bookkeeping (R19.1.2 step 6) - advanced.peace",
    "retry_returns": "flow ActionStage: off-map generals returning 'as soon as' (R17.6.7) - advanced.expeditions",
    "end_of_action_stage": "flow ActionStage: French objectives, pools check, peace offer (R19.2, R23.1a, R19.1)"
    " - advanced.peace",
    "tc_phase": "tc TCPhase: the TC phase with subsidy contracts (R8, R20) - advanced.subsidy",
    "income_modifier": "cards.income: Saxony's income and the political income changes (R19.3.8, R17)"
    " - advanced.politics",
    "new_advanced_game": "setup.new_game: the advanced game's state (VM pools, tracks, display; R4, R15)"
    " - advanced.politics",
    # movement, supply, combat, retreat, conquest
    "neutral": "combat: is a power neutral (R19.4) - advanced.saxony",
    "neutral_powers": "movement / view: the neutral powers (R19.4) - advanced.saxony",
    "forbidden": "movement, retreat, supply: cities forbidden by neutrality (R19.4) - advanced.saxony",
    "prussian_piece_left": "movement / retreat: a Prussian piece left Silesia (R19.1.2 step 7) - advanced.peace",
    "battle_settled": "combat / retreat after a battle: VPs (R16.3) and Saxony's defection (R19.3) - advanced.politics",
    "lost_to_supply": "supply: a general eliminated for lack of supply loses a VP (R16.2, R9.7) - advanced.markers",
    "flush_saxony": "supply: Saxony's pending defection (R19.3) - advanced.saxony",
    "place_qmark": "conquest: a '?' marker placed, from the pool in the advanced game (R10.16, R15.3)"
    " - advanced.markers",
    "drop_qmark": "conquest: a '?' marker removed, back to the pool (R12.1, R15.3) - advanced.markers",
    "conquest_marked": "conquest.conquer: markers, electors and pools of a conquest (R10.16, R15.3, R18.4)"
    " - advanced.markers",
    # within the advanced game: an earlier module reaching a later one
    "queue_relocation": "advanced.expeditions / saxony: pieces to relocate, one 'relocate' frame each "
    "(R17.6.7, R19.3, R19.4; RUL-A18) - advanced.peace",
    "relocation_choices": "advanced.expeditions: where a relocated piece may go (R17.6.7, RUL-A15) - advanced.peace",
    "agreement_step": "movement.step_refusal: a general's step that breaks an agreement in force (R21, RUL-A40)"
    " - advanced.agreements",
    "agreement_offers": "advanced.subsidy Diplomacy: the R21 offers of the diplomacy window (RUL-A39)"
    " - advanced.agreements",
    "propose_agreement": "advanced.subsidy Diplomacy: an R21 offer made in that window (RUL-A39) - advanced.agreements",
    "vp_lost": "advanced.markers.lose_vp: Prussia's VP losses shift the Saxony track (R19.3) - advanced.saxony",
}

_HOOKS = HookPoints(POINTS)
provide = _HOOKS.provide  # @hooks.provide(point) in the advanced game's modules
call = _HOOKS.call  # hooks.call(point, ...) at the introductory sites
provided = _HOOKS.provided
