"""The MARIA rules engine (plain Python; never imports pygame).  See door.py for the interface."""

from maria.rules.door import (active_roles, apply, is_over, legal_actions, new_game, result,  # noqa: F401
                              view)
from maria.rules.state import IllegalAction  # noqa: F401
