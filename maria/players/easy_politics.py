"""Rules of thumb for the advanced game's own decisions (politics R17, votes R18, peace offers
R19.1, subsidies R20).

`PoliticsRules` is a mixin of `maria.players.easy.Rules`: each hook is named after the flow state
it answers (`on_<frame name>`) and returns an action, or None to fall back to the one-ply search.
The mixin uses the Rules attributes state, role, rng, info, mine and its helpers (one_ply, after,
value, enemy).

Every political card is valued the same way (`option_value` / `best_option` / `card_worth`): the
change of the advanced evaluation's track terms (maria.players.evaluate_advanced.political_value:
Italy / Emperor markers, income icons, expeditionary corps, Saxony's side) for the card's arrows
netted with the shifts already announced this turn, plus a fixed value for its printed instruction
(TCs, troops, Mannheim, Saxony, the Jacobite Rising), each gain weighted by whose it is (own +1;
another role's -1 with 2 players, -0.45 with 3).

  trump (R17.2)          the suit in which this role holds its best cards
  place (R17.3)          a trump card just big enough to come first in influence (rivals' saved
                         face-up TCs + a guess for their new card; ties go right) for a face-up
                         card worth having or worth blocking; none when no such card, or when the
                         hand would drop under 6 points (10 with an enemy army within 2 cities)
                         for a card of modest worth; no bluffs (with the optional rule a bluff is
                         lost for a turn); a Reserve (16) only for a card worth a lot, with
                         another Reserve or a big hand
  select (R17.5)         the face-up card worth most (own use + keeping it from a rival who comes
                         later in influence), else save
  pol_exec (R17.6)       the option (instruction, arrows) worth most, else discard without effect
  pol_troops (R17.6.6)   all the troops, off-board generals back first, then the generals nearest
                         the enemy (8 / 16 limits kept); filled here (fill_troops)
  election (R18.5)       the candidate whose Emperor marker helps this role most (own side's
                         candidate; Frederick denies the rival closer to an empty pool)
  peace_offer (R19.1)    Prussia offers when it holds Silesia and is under pressure (Austrian
                         armies near Silesia outnumber its own, Silesian fortresses within their
                         reach), weighed against the markers and Saxony the peace costs; an offer
                         whose Silesia box empties the pool always.  Austria accepts when Prussia
                         is strong in / near Austria or France threatens, never when the Silesia
                         box would empty Prussia's pool; the second train goes to the fortress
                         nearest the Prussian generals
  diplomacy (R20)        subsidies only between this role's own powers, 1-2 turns, when the
                         recipient is short of cards and the giver is not (3 players: another
                         role's power only, for 1 turn, to stop a third player 2 markers from
                         victory); cancel own contracts that starve the giver or feed a rival
  subsidy_answer (R20)   accept every offer; agree to cancel only as the giver
  choose_commander (R6.2) equal ranks: own general over another player's; else the power whose
                         hand is worth more, then more troops, then the major power
  stack_consent (R10.7)  agree when this role's general would command the stack or the city is
                         threatened by an enemy the two together can face; else refuse
  saxony_shift (R19.3.1) accept the shift unless the evaluation (one ply each way) says it hurts:
                         markers on Saxon fortresses sent back to the pool by neutrality
  saxony_reenter (R19.3) Saxony has just joined Austria: its off-board general re-enters with
                         recruited troops whenever the hand allows (filled by Rules.fill_recruit)
  relocate, cause        (easy.py on_relocate) the closest empty city the one-ply evaluation likes
  saxony_ally (R19.3)    best
  reduce_objectives      France reduces only when most of its (2+) markers in Core-Austria are
  (R19.2)                unprotected within reach of the enemy and no French / Bavarian general
                         is on the Bohemia map to retake them
"""

from __future__ import annotations

from maria.games.maria.rules.advanced import markers as A
from maria.games.maria.rules import cards
from maria.games.maria.rules.advanced import poldata
from maria.games.maria.rules import roles as R
from maria.games.maria.rules.state import controller, home_of

from maria.players import evaluate_advanced as EA

MIN_WANT = 0.02  # a political card worth less is not worth a TC on the display
PLACE_COST = 0.004  # value of one TC point spent on politics (kept for battles otherwise)
BLOCK_P = 0.7  # chance that a rival who may take a card does take it
KEEP_POINTS = 6  # TC points a power keeps in hand before paying for politics


def card_options(state: dict, cid: str) -> list[tuple]:
    """The (instruction choice, shifts) executions of a political card (as PolExec.prompt)."""
    from maria.games.maria.rules.advanced import polcards as P

    card = poldata.cards()[cid]
    ins = [None] + [
        x
        for x in P.INSTRUCTION_CHOICES.get(card.get("instruction"), [])
        if P._instruction_possible(state, card["instruction"], x)
    ]
    combos = [{}]
    for ar in card.get("arrows") or []:
        combos = [
            dict(c, **{ar["track"]: c.get(ar["track"], 0) + d})
            for c in combos
            for d in P._arrow_options(state, card, ar)
        ]
    out = []
    for i in ins:
        for c in combos:
            sh = {k: v for k, v in c.items() if v}
            if i is None and not sh:
                continue
            out.append((i, sh))
    return out


def troops_value(state: dict, info, power: str, n: int) -> float:
    """New troops for `power`, as many as its generals can take (8 per general, off-board ones
    re-enter)."""
    room = 0
    for g in state["generals"].values():
        if g["power"] != power or not g["in_play"]:
            continue
        if g["city"] is None:
            room += 8
        elif g["city"] in info.playable:
            room += max(0, 8 - g["troops"])
    return EA.TROOP_V * min(n, room)


def instruction_value(state: dict, info, role: str, ins, choice, executor: str) -> float:
    """The printed instruction's worth to `role` (Appendix A of the rules)."""

    def w(p: str) -> float:
        return EA.role_weight(state, role, p)

    if ins is None or choice is None:
        return 0.0
    if ins == "jenkins":
        return -EA.CARD_V * w("france")
    if ins == "denmark":
        return (EA.CARD_V + troops_value(state, info, "pragmatic_army", 3)) * w("pragmatic_army")
    if ins == "hessian":
        return troops_value(state, info, executor, 3) * w(executor)
    if ins == "palatinate":
        return (EA.CARD_V + troops_value(state, info, "france", 3)) * w("france") + _mannheim_value(state, role)
    if ins == "frankfurt":
        return troops_value(state, info, choice, 2) * w(choice)
    if ins == "carnatic":
        return (EA.CARD_V + troops_value(state, info, choice, 2)) * w(choice)
    if ins == "quadruple":
        return _quadruple_value(state, info, role)
    if ins == "jacobite":
        return -(EA.CARD_V * min(EA.turns_left(state), 6.0) + EA.EXP_V) * w("pragmatic_army")
    return 0.0


def _mannheim_value(state, role) -> float:
    """Mannheim's elector marker turns French: the 3-Electors box may change hands (R16.4)."""
    a = state["adv"]
    if a["electors"].get("mannheim") == "france":
        return 0.0
    el = dict(a["electors"], mannheim="france")
    fr = sum(1 for c in A.RHINE if el.get(c) == "france")
    au = sum(1 for c in A.RHINE if el.get(c) == "austria")
    want = "france" if fr >= 3 else "pragmatic_army" if au >= 3 else None
    old = a["electors3"]
    v = 0.01 * EA.role_weight(state, role, "france")
    if want == old:
        return v
    pools = EA.effective_pools(state, pending=False)
    base = EA.pools_value(state, role, pools)
    if old in pools:
        pools[old] += 1
    if want in pools:
        pools[want] -= 1
    return v + EA.pools_value(state, role, pools) - base


def _quadruple_value(state, info, role) -> float:
    """Saxony sides with Austria at once (+2 troops): the Saxony term at the last box, and Saxony's
    troops change sides."""
    a = state["adv"]
    n = len(EA._tracks()["saxony"]["boxes"])
    pos = EA.track_positions(state)["saxony"]
    v = EA.saxony_value(state, role, n - 1) - EA.saxony_value(state, role, pos)
    if EA.saxony_label(state, a["tracks"]["saxony"]) == "austrian_ally":
        return v
    troops = sum(
        g["troops"]
        for g in state["generals"].values()
        if g["power"] == "saxony" and g["in_play"] and g["city"] in info.playable
    )
    old = R.role_of(state, "saxony")
    sign_new = 1.0 if role == "maria_theresa" else (-1.0 if state["players"] == 2 else -EA.RIVAL_3P)
    sign_old = 0.0 if old is None else EA.role_weight(state, role, "saxony")
    if old == "maria_theresa":
        sign_old = 0.0  # neutral Saxony was Maria Theresa's but idle
    v += 0.012 * troops * (sign_new - sign_old) + 2 * EA.TROOP_V * sign_new
    return v


class PoliticsRules:
    """Hooks for the advanced game's decisions (see the module docstring)."""

    # --- valuing political cards ------------------------------------------------------------------
    def _pol_base(self, role: str) -> float:
        """The track terms as they stand (pending shifts included), per role, computed once."""
        cache = self.__dict__.setdefault("_pol_cache", {})
        if role not in cache:
            cache[role] = EA.political_value(self.state, role)
        return cache[role]

    def option_value(self, cid: str, executor: str, ins, shifts: dict, role: str | None = None) -> float:
        """Worth of one execution of card `cid` by `executor`, to `role` (default: this role)."""
        role = role or self.role
        st = self.state
        v = 0.0
        if shifts:
            v += EA.political_value(st, role, shifts) - self._pol_base(role)
        card = poldata.cards()[cid]
        v += instruction_value(st, self.info, role, card.get("instruction") if ins is not None else None, ins, executor)
        return v

    def best_option(self, cid: str, executor: str, chooser_role: str | None = None):
        """(value to the chooser, instruction, shifts) of the chooser's best execution; discarding
        without effect is worth 0."""
        chooser = chooser_role or R.role_of(self.state, executor) or self.role
        best = (0.0, None, None)
        for ins, sh in card_options(self.state, cid):
            v = self.option_value(cid, executor, ins, sh, chooser)
            if v > best[0] + 1e-9:
                best = (v, ins, sh)
        return best

    def card_worth(self, cid: str, power: str, rivals: list[str]) -> float:
        """What taking card `cid` with `power` is worth to this role: its best execution, plus the
        harm kept from the rivals who could take it otherwise."""
        own = self.best_option(cid, power)[0] if power else 0.0
        harm = 0.0
        for q in rivals:
            if q not in poldata.cards()[cid]["arms"]:
                continue
            v, ins, sh = self.best_option(cid, q)
            if ins is None and sh is None:
                continue
            mine = self.option_value(cid, q, ins, sh or {})
            harm = max(harm, -mine)
        return own + BLOCK_P * harm

    def _rival_powers(self) -> list[str]:
        st = self.state
        return [p for p in R.MAJOR if R.role_of(st, p) and R.role_of(st, p) != self.role]

    # --- the political stage ------------------------------------------------------------------------
    def on_politics(self, acts, frame):
        step = frame.get("step")
        if step == "trump":
            return self._choose_trump(acts)
        if step == "place":
            return self._choose_place(acts, frame)
        if step == "select":
            return self._choose_select(acts, frame)
        return None

    def _choose_trump(self, acts):
        """R17.2.1: the suit in which this role's placing powers hold their best cards."""
        st = self.state
        opts = [a for a in acts if a["type"] == "trump"]
        if not opts:
            return None
        from maria.games.maria.rules.advanced.display import placement_order

        powers = [p for p in placement_order(st) if p in self.mine]

        def score(suit):
            s = 0.0
            for p in powers:
                vals = sorted(
                    (cards.value_of(c) for c in st["cards"]["hands"].get(p, []) if cards.suit_of(c) == suit),
                    reverse=True,
                )
                if vals:
                    s += min(vals[0], 8) + 0.3 * len(vals)
            return s

        return max(opts, key=lambda a: (score(a["suit"]), self.rng.random()))

    def _choose_place(self, acts, frame):
        """R17.3: a trump just big enough to come first for a card worth having (or blocking)."""
        st = self.state
        pol = st["adv"]["pol"]
        none = next((a for a in acts if a["type"] == "place" and a["card"] is None), None)
        places = [a for a in acts if a["type"] == "place" and a["card"] is not None]
        if none is None:
            return None
        p = frame["placing"][0]
        rivals = self._rival_powers()
        mine_other = [q for q in self.mine if q != p and q in R.MAJOR]
        best_v, target = 0.0, None
        for c in pol["faceup"]:
            arms = poldata.cards()[c]["arms"]
            if p not in arms:
                continue
            v = self.card_worth(c, p, rivals)
            if any(q in arms and any(e.get("new") for e in pol["display"].get(q, [])) for q in mine_other):
                v *= 0.3  # my other power already bids for it
            if v > best_v:
                best_v, target = v, c
        if target is None or best_v < MIN_WANT:
            return none
        trump = pol["trump"]
        hand = st["cards"]["hands"].get(p, [])
        trumps = sorted(
            (c for c in set(hand) if not cards.is_reserve(c) and cards.suit_of(c) == trump),
            key=lambda c: (cards.value_of(c), c),
        )
        reserves = sorted(c for c in set(hand) if cards.is_reserve(c))
        from maria.games.maria.rules.advanced.display import influence, placement_order

        order = placement_order(st)
        mine_up = influence(st, p)
        need = 1 if mine_up == 0 else 0
        for q in rivals:
            if q not in poldata.cards()[target]["arms"]:
                continue
            est = influence(st, q)
            new = [e for e in pol["display"].get(q, []) if e.get("new")]
            if new:
                est += 7  # placed face-down this turn: assume a trump
            elif q in frame["placing"]:
                est += 5  # still to place
            wins_tie = order.index(p) > order.index(q) if p in order and q in order else False
            need = max(need, est - mine_up + (0 if wins_tie else 1))
        hv = cards.hand_value(st, p)
        choice = None
        for c in trumps:
            if cards.value_of(c) >= need:
                choice = c
                break
        if choice is None and reserves and best_v >= 0.08 and (len(reserves) >= 2 or len(hand) >= 6):
            choice = reserves[0]
        if choice is None and trumps and best_v >= 0.05:
            choice = trumps[-1]
        if choice is None:
            return none
        cost = cards.value_of(choice) * PLACE_COST
        keep = KEEP_POINTS + (4 if self._in_contact(p) else 0)  # battles ahead: keep more
        if best_v < cost + 0.01 or (hv - cards.value_of(choice) < keep and best_v < 0.08):
            return none
        return next((a for a in places if a["card"] == choice), none)

    def _in_contact(self, power) -> bool:
        """A general of `power` within 2 cities of an enemy general: a battle is likely soon."""
        st, info = self.state, self.info
        foes = [
            g["city"]
            for g in st["generals"].values()
            if g["in_play"] and g["city"] in info.playable and R.enemies(st, g["power"], power)
        ]
        for g in st["generals"].values():
            if g["power"] == power and g["in_play"] and g["city"] in info.playable:
                d = info.dist_from(g["city"])
                if any(d.get(c, 99) <= 2 for c in foes):
                    return True
        return False

    def _choose_select(self, acts, frame):
        """R17.5: the card worth most (own use + blocking later rivals), else save."""
        st = self.state
        sels = [a for a in acts if a["type"] == "select"]
        save = next((a for a in acts if a["type"] == "save"), None)
        if not sels:
            return save
        p = sels[0]["power"]
        order = frame.get("order", [])
        idx = frame.get("idx", 0)
        later = [
            q
            for q in order[idx + 1 :]
            if R.role_of(st, q)
            and R.role_of(st, q) != self.role
            and any(e["up"] for e in st["adv"]["pol"]["display"].get(q, []))
        ]
        only_discard = st["players"] == 2 and self.role in frame.get("executed", [])
        best, best_v = None, 0.0
        for a in sels:
            c = a["card"]
            v = self.card_worth(c, None if only_discard else p, later)
            if v > best_v:
                best, best_v = a, v
        from maria.games.maria.rules.advanced.display import influence

        cost = 0.5 * PLACE_COST * influence(st, p)
        if best is not None and best_v > cost + 0.005:
            return best
        return save or best or sels[0]

    def on_pol_exec(self, acts, frame):
        """R17.6.1: the execution worth most to this role, else discard without effect."""
        cid, p = frame["card"], frame["power"]
        best, best_v = next((a for a in acts if a["type"] == "discard_card"), None), 0.0
        for a in acts:
            if a["type"] != "execute":
                continue
            v = self.option_value(cid, p, a["instruction"], a["shifts"])
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best

    def on_saxony_reenter(self, acts, frame):
        """R19.3: bring the Saxon general back at once (the template is filled by fill_recruit,
        which answers "done" when no troop can be placed)."""
        return next((a for a in acts if a["type"] == "recruit"), None) or next(
            (a for a in acts if a["type"] == "done"), None
        )

    def on_pol_troops(self, acts, frame):
        """R17.6.6: take every troop offered (filled here, so no dispatch in Rules.fill is needed)."""
        t = next((a for a in acts if a["type"] == "troops"), None)
        if t is None:
            return None
        return self.fill_troops(t)

    def fill_troops(self, a: dict) -> dict:
        """Off-board generals re-enter first (on the free site nearest the enemy), then one troop at a
        time to the general nearest the enemy, keeping 8 per general and 16 per stack."""
        assign, reenter = self.share_new_troops(a["max_troops"], a["sites"], a["on_map"], site_by_id=True)
        if not assign:
            return {"type": "done"}
        out = {k: v for k, v in a.items() if k not in ("max_troops", "on_map", "sites")}
        out["assign"], out["reenter"] = assign, reenter
        return out

    # --- the imperial election (R18) ---------------------------------------------------------------
    def on_election(self, acts, frame):
        votes = [a for a in acts if a["type"] == "vote"]
        if not votes:
            return None
        st = self.state
        pools = EA.effective_pools(st, pending=False)
        base = EA.pools_value(st, self.role, pools)

        def worth(cand):
            power = "austria" if cand == "francis" else "france"
            if power not in pools:
                return 0.0
            pp = dict(pools)
            pp[power] -= 1
            return EA.pools_value(st, self.role, pp) - base

        side = "francis" if self.role == "maria_theresa" else "charles"
        return max(votes, key=lambda a: (worth(a["for"]), a["for"] == side))

    # --- the Silesian peace (R19.1) -----------------------------------------------------------------
    def _peace_pools(self):
        """Pools after an accepted peace: Prussia's markers in Austria half set aside, the rest back;
        1 into the Silesia box; Austria's markers in Prussia back (R19.1.2 steps 3, 5)."""
        st, info = self.state, self.info
        pools = EA.effective_pools(st, pending=False)
        pr = [c for c, p in st["markers"].items() if p == "prussia" and home_of(st, info, c) == "austria"]
        au = [
            c
            for c, p in st["markers"].items()
            if p == "austria" and (home_of(st, info, c) == "prussia" or info.in_silesia(c))
        ]
        after = dict(pools)
        if "prussia" in after:
            aside = (len(pr) + 1) // 2
            after["prussia"] += len(pr) - aside + 0.5 * aside - 1
        if "austria" in after:
            after["austria"] += len(au)
        return pools, after, st["adv"]["pools"].get("prussia", 99) + len(pr) - (len(pr) + 1) // 2 - 1

    def _strength_near(self, cities, side_of) -> int:
        st, info = self.state, self.info
        near = set()
        for c in cities:
            near.update(x for x, d in info.dist_from(c).items() if d <= 3)
        return sum(
            g["troops"] for g in st["generals"].values() if g["in_play"] and g["city"] in near and side_of(g["power"])
        )

    def on_peace_offer(self, acts, frame):
        st, info = self.state, self.info
        step = frame.get("step")
        if step == "train":
            sites = [a for a in acts if a["type"] == "place_train"]
            if not sites:
                return None
            gens = [
                g["city"]
                for g in st["generals"].values()
                if g["power"] == "prussia" and g["in_play"] and g["city"] in info.playable
            ]
            return min(sites, key=lambda a: (sum(min(self._near(a["city"], [c]), 12) for c in gens), a["city"]))
        if step not in ("offer", "answer"):
            return None
        yes = next((a for a in acts if a.get("offer", a.get("accept")) is True), None)
        no = next((a for a in acts if a.get("offer", a.get("accept")) is False), None)
        if yes is None or no is None:
            return None
        pools, after, pr_pool_after = self._peace_pools()
        sax_now = EA.track_positions(st)["saxony"]
        boxes = poldata.display()["tracks"]["saxony"]["boxes"]
        s_box = next((i for i, b in enumerate(boxes) if b.get("label") == "S"), sax_now)
        sax_after = s_box if EA.saxony_label(st, sax_now) == "prussian_ally" else sax_now
        silesia = [c for c in info.fortresses() if info.in_silesia(c)]
        austrian = [c for c in info.fortresses() if home_of(st, info, c) == "austria"]

        def prussian_side(p: str) -> bool:
            return p in ("prussia", "saxony") and R.allied(st, p, "prussia")

        def austrian_side(p: str) -> bool:
            return R.allied(st, p, "austria")

        def worth(role):
            return (
                EA.pools_value(st, role, after)
                - EA.pools_value(st, role, pools)
                + EA.saxony_value(st, role, sax_after)
                - EA.saxony_value(st, role, sax_now)
            )

        if step == "offer":
            if pr_pool_after <= 0:
                return yes  # the Silesia box empties the pool: a win
            pressure = self._strength_near(silesia, austrian_side)
            own = self._strength_near(silesia, prussian_side)
            hv = cards.hand_value(st, "prussia")
            under = pressure >= max(4, 0.8 * own) or (pressure > 0 and hv < 8)
            at_risk = sum(
                1
                for c in silesia
                if any(
                    g["in_play"]
                    and g["city"] in info.playable
                    and austrian_side(g["power"])
                    and info.dist_from(c).get(g["city"], 99) <= 2
                    for g in st["generals"].values()
                )
            )
            v = worth(self.role) + (0.06 + 0.03 * min(at_risk, 4) if under else -0.04)
            return yes if v > 0 else no
        # Austria's answer
        if pr_pool_after <= 0:
            return no  # Prussia would win at once
        pr_str = self._strength_near(austrian, prussian_side)
        au_str = sum(
            g["troops"]
            for g in st["generals"].values()
            if g["power"] == "austria"
            and g["in_play"]
            and g["city"] in info.playable
            and info.board.cities[g["city"]].map == "bohemia"
        )
        fr_threat = 0
        if "france" in pools:
            fr_threat = (
                pools["france"] <= 5
                or self._strength_near(
                    [c for c in austrian if controller(st, info, c) == "austria"], lambda p: p in ("france", "bavaria")
                )
                >= 10
            )
        strong = pr_str >= max(6, 0.7 * au_str)
        v = worth(self.role) + (0.06 if strong else 0.0) + (0.06 if fr_threat else 0.0) - 0.03
        return yes if (strong or fr_threat) and v > 0 else no

    # --- subsidies (R20) ------------------------------------------------------------------------------
    def _short(self, power) -> bool:
        st, info = self.state, self.info
        if cards.hand_value(st, power) >= 10:
            return False
        return any(g["power"] == power and g["in_play"] and g["city"] in info.playable for g in st["generals"].values())

    def _rich(self, power) -> bool:
        from maria.games.maria.rules.advanced.subsidy import gross_income

        return cards.hand_value(self.state, power) >= 18 and gross_income(self.state, power) >= 3

    def _about_to_win(self) -> str | None:
        """A rival role one or two markers from an empty pool."""
        st = self.state
        for p in EA.majors_in_game(st):
            r = R.role_of(st, p)
            if r != self.role and st["adv"]["pools"][p] <= 2:
                return r
        return None

    def on_diplomacy(self, acts, frame):
        st = self.state
        done = next((a for a in acts if a["type"] == "done"), None)
        from maria.games.maria.rules.advanced.subsidy import contracts

        for a in acts:  # cancel what starves own givers / feeds rivals
            if a["type"] != "cancel_subsidy":
                continue
            c = contracts(st).get(a["contract"])
            if c is None or c["giver"] not in self.mine:
                continue
            feeds_rival = R.role_of(st, c["recipient"]) != self.role
            starves = cards.hand_value(st, c["giver"]) < 8 and not self._short(c["recipient"])
            if (feeds_rival and self._about_to_win() is None) or starves:
                return a
        threat = self._about_to_win() if st["players"] == 3 else None
        best = None
        for a in acts:
            if a["type"] != "offer_subsidy" or a["turns"] > 2:
                continue
            g, r = a["giver"], a["recipient"]
            own = R.role_of(st, r) == self.role
            if not own:
                if threat is None or R.role_of(st, r) == threat or st["players"] == 2:
                    continue
                if not R.enemies(st, r, next(iter(R.powers_of(st, threat)))):
                    continue  # helps only someone fighting the leader
                if a["turns"] != 1:
                    continue
            if not (self._short(r) and self._rich(g)):
                continue
            key = (cards.hand_value(st, r), -cards.hand_value(st, g), a["turns"])
            if best is None or key < best[0]:
                best = (key, a)
        if best is not None:
            return best[1]
        if not self.fast:  # R21: a truce between the trailing players (maria.players.negotiate)
            from maria.players.negotiate import truce_offer

            offer = truce_offer(st, self.role, acts)
            if offer is not None:
                return offer
        return done

    def on_agreement_answer(self, acts, frame):
        """R21: accept an offer of agreement that is worth it and does not help the leader
        (maria.players.negotiate); in a play-out (`fast`), refuse."""
        from maria.players.negotiate import accept

        yes = not self.fast and accept(self.state, self.role, frame["offer"])
        return {"type": "answer_agreement", "accept": yes}

    def on_subsidy_answer(self, acts, frame):
        yes = next((a for a in acts if a.get("accept") is True), None)
        no = next((a for a in acts if a.get("accept") is False), None)
        if yes is None or no is None:
            return None
        if frame.get("kind") == "offer":
            return yes  # free cards
        return yes if frame.get("giver") in self.mine else no

    # --- Austria / PA stacking consent (R10.7) -----------------------------------------------------
    def on_stack_consent(self, acts, frame):
        yes = next((a for a in acts if a.get("accept") is True), None)
        no = next((a for a in acts if a.get("accept") is False), None)
        if yes is None or no is None:
            return None
        st, info = self.state, self.info
        to = frame["to"]
        mover = st["generals"][frame["piece"]]
        here = [st["generals"][g] for g in st["city_generals"].get(to, [])]
        if not here:
            return yes
        from maria.games.maria.rules.state import _rank_key

        ids = list(st["city_generals"].get(to, [])) + [frame["piece"]]
        cmd = frame.get("commander") or min(ids, key=lambda x: _rank_key(st, x))  # R6.2 proposal
        if st["generals"][cmd]["power"] in self.mine:
            return yes
        d = info.dist_from(to)
        threat = sum(
            g["troops"]
            for g in st["generals"].values()
            if g["in_play"] and g["city"] in d and d[g["city"]] <= 2 and self.enemy(g["power"])
        )
        mine = sum(g["troops"] for g in here)
        if threat > mine and threat <= mine + mover["troops"] + 4:
            return yes
        return no

    # --- equal ranks: the supreme commander (R6.2) ---------------------------------------------------
    def on_choose_commander(self, acts, frame):
        """Own general over another player's (own cards fight, the ally loses first); between two
        of this role's powers, the one whose hand is worth more (its cards fight, R11.9), then the
        more troops, then the major power."""
        st = self.state
        opts = [a for a in acts if a["type"] == "commander"]
        if not opts:
            return None

        def key(a):
            g = st["generals"][a["general"]]
            return (g["power"] in self.mine, cards.hand_value(st, g["power"]), g["troops"], g["power"] in R.MAJOR)

        return max(opts, key=key)

    # --- Saxony's defection (R19.3.1) ----------------------------------------------------------------
    def on_saxony_shift(self, acts, frame):
        yes = next((a for a in acts if a.get("accept") is True), None)
        no = next((a for a in acts if a.get("accept") is False), None)
        if yes is None or no is None:
            return None
        s_yes, s_no = self.after(yes), self.after(no)
        if s_yes is None or s_no is None:
            return yes if s_yes is not None else no
        return yes if self.value(s_yes) >= self.value(s_no) - 0.005 else no

    # --- France reduces its military objectives (R19.2) ------------------------------------------
    def on_reduce_objectives(self, acts, frame):
        yes = next((a for a in acts if a.get("reduce") is True), None)
        no = next((a for a in acts if a.get("reduce") is False), None)
        if yes is None or no is None:
            return None
        st, info = self.state, self.info
        core = [c for c, p in st["markers"].items() if p == "france" and A._core_austria(info, c)]
        if not core:
            return no
        on_bohemia = any(
            g["power"] in ("france", "bavaria")
            and g["in_play"]
            and g["city"] in info.playable
            and info.board.cities[g["city"]].map == "bohemia"
            for g in st["generals"].values()
        )
        threatened = 0
        for c in core:
            d = info.dist_from(c)
            foe = any(
                g["in_play"] and g["city"] in d and d[g["city"]] <= 2 and R.enemies(st, g["power"], "france")
                for g in st["generals"].values()
            )
            guard = any(
                g["in_play"] and g["city"] in d and 1 <= d[g["city"]] <= 3 and R.cooperating(st, g["power"], "france")
                for g in st["generals"].values()
            )
            if foe and not guard:
                threatened += 1
        n = len(core)  # once per game: not for a single marker
        if n >= 2 and not on_bohemia and 0.8 * threatened > n // 2 + 0.3:
            return yes
        return no
