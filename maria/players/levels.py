"""The searched levels' configurations (no rule of its own): what `normal` and `hard` do, each in
one place.

Both levels are maria.players.search.SearchPlayer: flat Monte Carlo over states sampled from the
role's view, the rules of thumb (maria.players.easy) proposing the candidates and playing the
play-outs.  They differ in how much they search and in a few per-role settings of `hard`.

A per-role setting maps a variant ("intro", "advanced") or a variant and player count ("intro-3",
which wins over the variant's entry) to the roles it applies to (`Level.roles`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType

Roles = Mapping[str, tuple[str, ...]]


def _roles(d: dict[str, tuple[str, ...]] | None = None) -> Roles:
    return MappingProxyType(dict(d or {}))


@dataclasses.dataclass(frozen=True)
class Level:
    name: str
    candidates: int  # actions the search compares, the rules-of-thumb choice among them
    samples: int  # sampled states per live candidate per halving round
    # seconds a searched decision may take: a wall-clock budget (`normal`), or only a ceiling
    # above `playouts` (`hard`: its counts end the search, so a seed plays the same game on any
    # machine; make_player(clock=False) drops the ceiling altogether)
    budget: float
    horizon: int = 80  # play-out decisions at most
    stage_horizon: bool = True  # a play-out ends with the current action stage
    reply_horizon: int = 250  # ... or, for a role in reply_roles, at its own next action stage
    playouts: int | None = None  # play-outs per decision at most (whole samples)
    reply_playouts: int | None = None  # ... for a role whose play-outs run through the enemy stages
    reply_candidates: int | None = None  # ... and the candidates it compares
    # the roles whose play-outs run on through the enemy stages to their own next action stage
    # (R5.1: Maria Theresa acts last, so what her move risks shows only in the stages after hers)
    reply_roles: Roles = dataclasses.field(default_factory=_roles)
    # the roles whose play-outs end with the trained evaluation (maria.players.learned) instead of
    # the heuristic one
    learned_roles: Roles = dataclasses.field(default_factory=_roles)
    # the roles whose planner weighs what each general's end city risks before the role moves
    # again (plan.Planner.exposure, plan.EXPOSED): in its own choices, candidates and play-outs
    exposed_roles: Roles = dataclasses.field(default_factory=_roles)
    # the roles whose planner weighs France's and Prussia's threats to Austria by each rival's
    # race to an empty pool (plan_threats.RACING), in its own choices, candidates and play-outs
    race_roles: Roles = dataclasses.field(default_factory=_roles)
    # the roles whose movement phase is chosen once as a whole plan, compared by play-outs through
    # the enemy stages (maria.players.plan_search), the move-by-move search kept when no plan
    # clearly beats the rules-of-thumb plan
    plan_search_roles: Roles = dataclasses.field(default_factory=_roles)
    # the roles whose advanced evaluation weighs their rivals by the leader measure, read at the
    # root of each decision (maria.players.leader): the rival closest to victory weighs most
    leader_roles: Roles = dataclasses.field(default_factory=_roles)
    # the roles whose movement phase is chosen once as a whole plan, compared by what the
    # next-stage model expects the enemy to take after it (maria.players.model_plans), the
    # move-by-move search kept when no plan clearly beats the rules-of-thumb plan
    model_plan_roles: Roles = dataclasses.field(default_factory=_roles)

    def roles(self, setting: Roles, state: Mapping) -> tuple[str, ...]:
        """A per-role setting's roles in `state`'s game: the "variant-players" entry if there is
        one, else the variant's."""
        v = state.get("variant")
        return setting.get(f"{v}-{state.get('players')}", setting.get(v, ()))

    def counted(self) -> bool:
        """Whether the play-outs are counted (the wall clock only a ceiling)."""
        return self.playouts is not None


NORMAL = Level(name="normal", candidates=3, samples=4, budget=0.2)

# The window's ceiling of a hard decision (seconds): the counts end hard's searches long before it
# on an ordinary machine (worst decision about 3 s); on a slower one it keeps the window answering.
HARD_CAP = 4.5

HARD = Level(
    name="hard",
    candidates=6,
    samples=10,
    budget=HARD_CAP,
    playouts=24,
    reply_playouts=8,
    reply_candidates=4,
    reply_roles=_roles({"intro": ("maria_theresa",)}),
    learned_roles=_roles({"advanced-2": ("coalition",), "intro-3": ("maria_theresa",)}),
    exposed_roles=_roles({"advanced-3": ("frederick",)}),
    race_roles=_roles({"advanced-3": ("maria_theresa",)}),
    plan_search_roles=_roles({"intro-3": ("maria_theresa", "frederick"), "intro-2": ("maria_theresa",)}),
    leader_roles=_roles({"advanced-3": ("louis_xv", "frederick", "maria_theresa")}),
    model_plan_roles=_roles({"advanced-3": ("maria_theresa", "frederick", "louis_xv")}),
)

SEARCHED_LEVELS = {"normal": NORMAL, "hard": HARD}
