"""The MARIA rules engine, R1-R25 of the v2.1 rules (plain Python; never imports pygame).  See door.py for the
interface."""

from maria.games.maria.rules.door import active_roles, apply, is_over, legal_actions, new_game, result, view
from maria.games.maria.rules.state import IllegalAction

__all__ = ["IllegalAction", "active_roles", "apply", "is_over", "legal_actions", "new_game", "result", "view"]
