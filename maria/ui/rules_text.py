"""The introductory rules in our own words, one entry per rule number of the digest (R…)."""

from __future__ import annotations

RULES: list[tuple[str, str, str]] = [
    (
        "R1.2",
        "The introductory game",
        "Nine turns on the Bohemia map only. Three players: Maria Theresa "
        "(Austria), Frederick (Prussia and Saxony), Louis XV (France and Bavaria). With two players one side "
        "plays the whole coalition against Maria Theresa.",
    ),
    (
        "R2.3",
        "Friends and enemies",
        "France, Bavaria, Prussia and Saxony are allies; Austria stands "
        "alone (the Pragmatic Army sits out the introductory game). Allies never fight each other.",
    ),
    (
        "R2.4",
        "Co-operation",
        "France with Bavaria and Prussia with Saxony co-operate: they may stack "
        "together and protect each other's fortresses. Prussia and France are allies but do not co-operate.",
    ),
    (
        "R4.9",
        "Secret troop allocation",
        "Before play every power divides its starting troops among "
        "its generals in secret: at least 1 (or the printed set-up minimum) and at most 8 each.",
    ),
    (
        "R5.1",
        "The turn",
        "Each turn: Austria places hussars, then three action stages in order — "
        "France+Bavaria, Prussia+Saxony, Austria. Each stage runs five phases: cards, supply, movement, "
        "combat, retroactive conquest.",
    ),
    ("R5.4", "Winter", "After turns 3 and 6 comes winter: powers may recruit troops."),
    (
        "R6.1",
        "One piece per city",
        "A city holds one piece, except that two generals of the same or "
        "co-operating powers may share a city as a stack.",
    ),
    ("R6.3", "Troops per general", "A general commands 1 to 8 troops; a stack holds 2 to 16."),
    (
        "R6.5",
        "Hidden troops",
        "Each player knows only his own generals' troops; others are shown as '?' until revealed in combat.",
    ),
    ("R6.6", "Transfers", "Two stacked generals of the same power may pass troops between them."),
    (
        "R7.1",
        "Hussars",
        "Austria may place each of its two hussars on an empty city of the Bohemia map "
        "within 4 road steps of an Austrian general.",
    ),
    (
        "R7.3",
        "Driving off hussars",
        "Hussars never block. A piece moving or retreating into a hussar's city removes it.",
    ),
    (
        "R8.1",
        "Tactical cards",
        "At the start of its stage each active power draws its income of "
        "Tactical Cards. Only the owner sees his hand; the others see how many cards he holds.",
    ),
    (
        "R8.2",
        "Bavarian subsidy",
        "France pays Bavaria a subsidy: one card of France's income goes to "
        "Bavaria. It is compulsory for turns 1–3; from turn 4 France chooses.",
    ),
    (
        "R8.5",
        "Card values and the Reserve",
        "Cards carry a suit (hearts, diamonds, clubs, spades) and a "
        "value 2–10. A Reserve may be played in combat as any value from 1 to 8 of the needed suit.",
    ),
    (
        "R8.7",
        "Paying costs",
        "Costs are paid with cards of any suit; only values count. Pay at least "
        "the cost with no card you did not need: no change is given.",
    ),
    (
        "R9.3",
        "Supply",
        "Outside his home country a general needs a path of at most 6 cities to a "
        "supply train of his own colour, not through enemy pieces.",
    ),
    (
        "R9.4",
        "Out of supply",
        "An unsupplied general turns face-down and loses 1 troop; if already "
        "face-down he loses 2. Back in supply, he turns face-up.",
    ),
    ("R9.5", "Face-down generals", "A face-down general cannot conquer fortresses."),
    (
        "R9.6",
        "Hussar tax",
        "A general hostile to Austria whose supply path runs through a hussar pays "
        "1 card point per city of the path. If a power cannot pay it all, it pays every card and picks "
        "which generals go unsupplied.",
    ),
    (
        "R10.1",
        "Moving",
        "Each active power moves as many pieces as it likes, one after the other, "
        "each at most once per phase, along roads.",
    ),
    (
        "R10.2",
        "How far",
        "A general moves up to 3 cities, 4 if the whole move is on main roads. A "
        "supply train moves 2, or 3 on main roads.",
    ),
    (
        "R10.4",
        "Blocking",
        "No piece may enter or pass through an occupied city. A general may enter "
        "an enemy supply train's city (the train is eliminated) and may end his move on a friendly "
        "general to form a legal stack — both moves end there.",
    ),
    (
        "R10.5",
        "Force march",
        "A general may force march up to 8 cities on main roads only, never into "
        "or through an enemy-controlled fortress or a city next to an enemy piece. It conquers nothing.",
    ),
    (
        "R10.10",
        "Supply train re-entry",
        "For 4 card points an eliminated train re-enters on an empty, "
        "friendly major fortress of its home country; it may not move that phase.",
    ),
    (
        "R10.12",
        "Conquest",
        "A face-up general conquers an enemy-controlled fortress by moving out of it while it is unprotected.",
    ),
    (
        "R10.13",
        "Protection",
        "A fortress is protected while a general of its controlling (or a co-operating) power stands 1–3 cities away.",
    ),
    (
        "R10.15",
        "Retroactive conquest",
        "A protected fortress left behind gets a '?' marker; if it is "
        "no longer protected after the stage's combats, it is conquered after all.",
    ),
    (
        "R11.1",
        "Who must attack",
        "Every active general adjacent to an enemy general at the start of the combat phase must attack it.",
    ),
    (
        "R11.2",
        "Card suits in combat",
        "Each side may play only cards of the suit of the sector its own general stands in (or a Reserve).",
    ),
    (
        "R11.3",
        "The card duel",
        "The score starts at the difference in troops. The side behind may "
        "play cards until it is level or ahead; then the other side may play, and so on. The side that "
        "cannot or will not play is defeated.",
    ),
    ("R11.4", "Losses", "The loser loses troops equal to the final score against him and retreats that many cities."),
    (
        "R11.5",
        "Ties",
        "At a score of exactly 0 a side must play a card of its suit if it has one; "
        "if it has none (a Reserve is never forced) the combat is a tie.",
    ),
    (
        "R11.14",
        "Retreat",
        "The winner picks the path: the full distance, as far as possible from the "
        "winning general, never twice through one city, never through any piece.",
    ),
    ("R11.16", "No way out", "A general who cannot retreat the full distance loses all his troops."),
    (
        "R12.1",
        "Retroactive conquest phase",
        "After the stage's combats every '?' fortress that is no longer protected is conquered.",
    ),
    ("R13.2", "Recruiting", "In winter a power may buy troops at 4 card points each (8 per general at most)."),
    (
        "R13.3",
        "Re-entering generals",
        "A removed general re-enters free on a major fortress of his "
        "home country but must receive at least one new troop.",
    ),
    (
        "R14.2",
        "Introductory income",
        "France gets 2 fewer cards than usual: 2 when it subsidises Bavaria, 3 when it does not.",
    ),
    (
        "R14.3",
        "Victory",
        "Louis XV wins at once with 9 fortresses in Austria; Frederick with 12 in "
        "Austria and/or Silesia; Maria Theresa wins if turn 9 ends without another winner.",
    ),
    (
        "R23.1",
        "Advanced victory",
        "A major power wins at once when its victory-marker pool is empty "
        "at the end of an action stage or a political stage, or right after the imperial election; "
        "after turn 12 the lowest total of the four winter scores wins (R23.3).",
    ),
    (
        "R24.1",
        "Two-player victory",
        "The coalition wins as soon as Prussia controls 12 fortresses in "
        "Silesia/Austria and France 9 in Austria; Maria Theresa wins if neither condition is met when "
        "turn 9 ends; anything else is a tie.",
    ),
]

PHASE_RULES = {
    "allocation": "R4.9",
    "hussars": "R7.1",
    "tc_phase": "R8.1",
    "pay": "R8.7",
    "supply_phase": "R9.3",
    "hussar_tax": "R9.6",
    "movement_phase": "R10.1",
    "moving": "R10.2",
    "combat_phase": "R11.1",
    "combat": "R11.3",
    "retreat": "R11.14",
    "retro_phase": "R12.1",
    "winter": "R13.2",
    "game": "R14.3",
}

KEYWORDS = [
    ("force march", "R10.5"),
    ("stack", "R6.1"),
    ("occupied", "R10.4"),
    ("main road", "R10.2"),
    ("moves 3", "R10.2"),
    ("moves 2", "R10.2"),
    ("supply train", "R10.4"),
    ("payment", "R8.7"),
    ("pay", "R8.7"),
    ("retreat", "R11.14"),
    ("hussar", "R7.1"),
    ("troops", "R6.3"),
    ("allocate", "R4.9"),
    ("recruit", "R13.2"),
    ("re-enter", "R13.3"),
    ("turn", "R5.1"),
]


def phase_rule(frame: str | None, variant: str, players: int) -> str | None:
    """The rule a flow state's prompt points to; the end of the game by the victory rules of the
    variant played (R14.3, R23.1, R24.1)."""
    if frame == "game":
        if variant == "advanced":
            return "R23.1"
        return "R24.1" if players == 2 else "R14.3"
    return PHASE_RULES.get(frame or "")


def rule_for_reason(reason: str) -> str | None:
    r = reason.lower()
    for k, num in KEYWORDS:
        if k in r:
            return num
    return None


def search(query: str) -> list[tuple[str, str, str]]:
    q = query.lower().strip()
    if not q:
        return list(RULES)
    words = q.split()
    from maria.ui.citations import cite  # a player searches the printed numbers ("10.1")

    return [
        e
        for e in RULES
        if all(w.lstrip("§") in (e[0] + " " + cite(e[0]) + " " + e[1] + " " + e[2]).lower() for w in words)
    ]


def index_of(number: str) -> int:
    for i, e in enumerate(RULES):
        if e[0] == number:
            return i
    return 0
