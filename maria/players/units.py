"""The units of the computer players' evaluation (R6.4 troops, R8 TC points), shared by
maria.players.evaluate and maria.players.evaluate_advanced so that neither imports the other back:
a state's value is in "fractions of a victory condition" (R14.3); a troop and a TC point are worth
these small fractions."""

TROOP = 0.012
CARD_POINT = 0.0025
