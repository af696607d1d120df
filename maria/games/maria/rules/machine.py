"""MARIA's machine (no rule section of its own; it serves the turn sequence of R5): the registry of its
flow states and payment effects, and the loop that lets automatic states run, which first forgets
the commander of every stack that broke up (R6.2).  The phases register here with @register and
@effect; the stack operations are the engine's (maria.engine.stack)."""

from __future__ import annotations

from maria.engine.stack import Handler, Machine, leave_if_over, pop, push, roles_for_powers, top  # noqa: F401  (re-exported for the phases)
from maria.games.maria.rules.state import prune_commanders

MACHINE = Machine(before_settle=prune_commanders)
HANDLERS = MACHINE.handlers
EFFECTS = MACHINE.effects
register = MACHINE.register
effect = MACHINE.effect
run = MACHINE.run
