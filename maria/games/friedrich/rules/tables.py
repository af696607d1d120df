"""FRIEDRICH's fixed numbers and tables (2005 rules §1 roles and sides, §2 turn order and
provinces, §3 Tactical Card income, §4 movement ranges, §5 protection radius, §6 army limits,
§9 supply path, §10 recruitment prices): plain constants, no state.

Section numbers are those of the printed French rulebook, "version révisée janvier 2005"
(../shared/rulebooks/003_9a622f05f76d94d2.txt): 1 Introduction, 2 Carte et séquence de jeu,
3 Cartes Tactiques, 4 Déplacements, 5 Conquête, 6 Armées, 7 Combats, 8 Retraite,
9 Ravitaillement, 10 Recrutement, 11 Pendule du Destin, 12 Fin de partie, 13 Règles avancées.
"""

from __future__ import annotations

# §2: the nation turns, always in this order
NATIONS: tuple[str, ...] = ("prussia", "hanover", "russia", "sweden", "austria", "imperial_army", "france")
PHASES: tuple[str, ...] = ("tc", "movement", "combat", "retroactive", "supply")

# §1: the four roles; in the 3-player game Elisabeth and Pompadour are one player
ROLES_4P: dict[str, list[str]] = {
    "frederick": ["prussia", "hanover"],
    "elisabeth": ["russia", "sweden"],
    "maria_theresa": ["austria", "imperial_army"],
    "pompadour": ["france"],
}
ROLES_3P: dict[str, list[str]] = {
    "frederick": ["prussia", "hanover"],
    "elisabeth_pompadour": ["russia", "sweden", "france"],
    "maria_theresa": ["austria", "imperial_army"],
}
# §1: Frederick alone against the aggressors, who are allied and never fight each other
DEFENDERS: tuple[str, ...] = ("prussia", "hanover")
AGGRESSORS: tuple[str, ...] = ("russia", "sweden", "austria", "imperial_army", "france")
BLOCS: list[list[str]] = [list(DEFENDERS), list(AGGRESSORS)]

# §2: provinces (board countries) where a nation's generals are always in supply (§9) and whose
# objectives it defends (§5).  Russia and France have none.  The Imperial provinces are all the
# yellow ones, Saxony included (§2); Saxony's objectives are defended by Prussia (§5, board data).
PROVINCES: dict[str, tuple[str, ...]] = {
    "prussia": ("prussia",),
    "hanover": ("hanover",),
    "russia": (),
    "sweden": ("sweden",),
    "austria": ("austria",),
    "imperial_army": ("empire", "saxony"),
    "france": (),
}

# §3: Tactical Card income (before the Fate cards cut it, §11)
INCOME: dict[str, int] = {
    "prussia": 7,
    "hanover": 2,
    "russia": 4,
    "sweden": 1,
    "austria": 5,
    "imperial_army": 1,
    "france": 4,
}
PRUSSIA_INCOME_FLOOR = 4  # §11 LORD BUTE / POEMS: two fewer each, never below 4
SUBSIDY_CUT = 2

# §3: the decks (50 cards each: 4 suits x 2..13 plus 2 Reserves; digest §7, an inference)
DECKS = 4
CARD_VALUES = range(2, 14)
RESERVES_PER_DECK = 2
RESERVE_VALUES = range(1, 11)  # §3: a Reserve takes any value 1..10
RESERVE_PAY_VALUE = 10  # ruling: paying with a Reserve counts its highest value

# §4: movement ranges (one more when the whole move is on main roads)
GENERAL_RANGE = 3
TRAIN_RANGE = 2
STACK_MAX = 3  # §4: up to 3 generals of one nation in a city

# §5: protection radius; the Imperial train protects like a general
PROTECT_RADIUS = 3

# §6: armies per general, stacks share a pool
ARMIES_MIN = 1
ARMIES_MAX = 8

# §9: supply path length (road steps)
SUPPLY_PATH = 6

# §10: recruitment prices in TC points
ARMY_PRICE = 6
TRAIN_PRICE = 6
PRICE_DEPOTS_LOST = 8  # when every depot city is occupied by enemy pieces

# §11: the Clock of Fate is drawn from the end of this turn on
FIRST_FATE_TURN = 6
# §12: Frederick wins once these three have left
LEAVERS_FOR_FREDERICK = ("russia", "sweden", "france")

# the longest retreat the search must handle fast (memoised balls up to this radius; longer
# retreats are still exact, only less memoised): losses of 8+ are rare
RETREAT_BALL = 8


def opponents(a: str, b: str) -> bool:
    """§1: the two sides are Prussia + Hanover against the five aggressor nations."""
    return (a in DEFENDERS) != (b in DEFENDERS)
