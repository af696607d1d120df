"""Rules of thumb for the advanced game's own decisions (politics, votes, peace offers, subsidies).

`PoliticsRules` is a mixin of `maria.players.easy.Rules`: each hook is named after the flow state
it answers (`on_<frame name>`) and returns an action, or None to fall back to the one-ply search.
"""

from __future__ import annotations


class PoliticsRules:
    pass
