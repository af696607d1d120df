"""The FRIEDRICH board's drag-to-move and its card hand (a part of FRIEDRICH's presenter,
maria.ui.friedrich_presenter): press a piece of yours, drag it to a city and let go.

While the piece is held the cities its move can end in are ringed, and the route to the city
under the mouse is drawn with the supply there (§9): all from FRIEDRICH's door (whole_moves,
supply_outlook), the screen computes no legality.  Let go on a ringed city: that whole move is
sent (the door asks "which way" only where two routes end differently); on any other city the
road route is sent anyway and the door's refusal is shown, nothing changes.  A press let go
without dragging begins the move step by step as before (every step stays reachable).

A card of the seated role's hand that the door lets him play now (a combat card, a discard, a
Fate choice, an Offensive Option) is framed; clicking it sends that action."""

from __future__ import annotations

import math

import pygame

from maria.ui import hand as HAND
from maria.ui import widgets as W
from maria.ui.board_layout import DRAG_THRESHOLD
from maria.ui.friedrich_panels import ChoiceDialog, action_label, card_label

ROUTE = (255, 214, 90)
LIT = (120, 220, 120)
CARD_TYPES = ("play_card", "discard", "offensive_option", "fate")


def road_route(board, a: str, b: str) -> list[str] | None:
    """The shortest road path from a to b, pieces ignored: what the player traced, for the door
    to say why it is not a legal move."""
    prev = {a: None}
    queue = [a]
    while queue and b not in prev:
        x = queue.pop(0)
        for n in sorted(board.neighbours(x)):
            if n not in prev:
                prev[n] = x
                queue.append(n)
    if b not in prev:
        return None
    out, x = [], b
    while x is not None:
        out.append(x)
        x = prev[x]
    return out[::-1]


class FDragPart:
    drag: dict | None = None
    card_zones: list = []

    # --- drag-to-move -------------------------------------------------------------------------
    def moves_at(self, pos) -> tuple[str | None, list[dict]]:
        """The piece's city under `pos` and the move actions the door offers for it (a stack's
        lower disc: that general alone; its commander: the stack; the supply train's square: the
        train)."""
        train = self.map.train_at(pos, self.view)
        if train is not None:  # drawn over the discs: the train, unless only a disc under it may move
            moves = [a for a in self.legal if a["type"] == "move" and a["pieces"] == [train]]
            if moves or self.map.disc_at(pos, self.view) is None:
                return self._piece_city(train), moves
        city = self.map.piece_at(pos, self.view)
        discs = self.map.discs_at(pos, self.view)
        # of the discs under the pointer, the top one the door lets move (a neighbour's may lie over it)
        movable = [g for g in discs if any(a["type"] == "move" and g in a["pieces"] for a in self.legal)]
        disc = (movable or discs or [None])[0]
        if disc is not None:
            city = self._piece_city(disc)
        if city is None:
            return None, []
        moves = [a for a in self.legal if a["type"] == "move" and self._piece_city(a["pieces"][0]) == city]
        alone = [a for a in moves if a["pieces"] == [disc]]
        stack = self.view["city_generals"].get(city) or []
        if alone and len(stack) > 1 and disc != min(stack, key=lambda g: self.view["generals"][g]["rank"]):
            moves = alone
        return city, moves

    def press_piece(self, pos) -> bool:
        """A press on a piece the door lets the seated role move: hold it (True)."""
        if self.view["flow"][-1]["name"] != "movement":
            return False
        city, moves = self.moves_at(pos)
        if not moves:
            return False
        pieces = moves[0]["pieces"]
        self.drag = {
            "pieces": pieces,
            "from": city,
            "at": tuple(pos),
            "pos": tuple(pos),
            "moved": False,
            "moves": self.session.whole_moves(self.seat, pieces),
            "over": None,
            "supply": {},
        }
        self.dirty = True
        return True

    def drag_ends(self, d: dict | None = None) -> dict[str, list[dict]]:
        """The held piece's whole moves by the city they end in."""
        out: dict[str, list[dict]] = {}
        for m in (d or self.drag or {}).get("moves", []):
            out.setdefault(m["path"][-1], []).append(m)
        return out

    def drag_motion(self, pos) -> None:
        d = self.drag
        d["pos"] = tuple(pos)
        if not d["moved"] and math.hypot(pos[0] - d["at"][0], pos[1] - d["at"][1]) >= DRAG_THRESHOLD:
            d["moved"] = True
        over = self.map.city_at(pos)
        if over != d["over"]:
            d["over"] = over
            ways = self.drag_ends().get(over)
            d["supply"] = self.session.supply_outlook(self.seat, ways[0]) if ways else {}
        self.dirty = True

    def release_piece(self, pos) -> None:
        d, self.drag = self.drag, None
        self.dirty = True
        if not d["moved"]:
            self.click_map(d["at"])  # a click: the move begins, step by step
            return
        city = self.map.city_at(pos)
        if city is None or city == d["from"]:
            return  # put back where it was
        ways = self.drag_ends(d).get(city)
        if ways and len(ways) == 1:
            self.send(ways[0])
        elif ways:
            self.app.push(ChoiceDialog(self.app, self.scene, f"Which way to {self.board.cities[city].name}?", ways))
        else:
            path = road_route(self.board, d["from"], city) or [d["from"], city]
            self.send({"type": "move", "pieces": d["pieces"], "path": path})  # the door says why not

    def draw_drag(self, surf) -> None:
        d = self.drag
        if not d or not d["moved"]:
            return
        old = surf.get_clip()
        surf.set_clip(self.map.rect)
        ends = self.drag_ends()
        for city in ends:
            x, y = self.map.to_screen(city)
            pygame.draw.circle(surf, (20, 16, 12), (x, y), 15, 4)
            pygame.draw.circle(surf, LIT, (x, y), 14, 3)
        ways = ends.get(d["over"])
        if ways:
            pts = [self.map.to_screen(c) for c in ways[0]["path"]]
            pygame.draw.lines(surf, (20, 16, 12), False, pts, 8)
            pygame.draw.lines(surf, ROUTE, False, pts, 5)
            for p in pts[1:]:
                pygame.draw.circle(surf, ROUTE, p, 6)
            x, y = pts[-1]
            label = self.supply_label(d["supply"]) + (f" · {len(ways)} ways" if len(ways) > 1 else "")
            if label:
                img = W.text(label, 15, W.INK, "sans_bold")
                box = img.get_rect(midbottom=(x, y - 32)).inflate(12, 6)
                pygame.draw.rect(surf, (250, 244, 228), box, border_radius=6)
                pygame.draw.rect(
                    surf, (60, 120, 60) if all(d["supply"].values()) else (150, 40, 30), box, 2, border_radius=6
                )
                surf.blit(img, img.get_rect(center=box.center))
        # the held piece follows the mouse
        x, y = d["pos"]
        pygame.draw.circle(surf, (20, 16, 12), (x, y), 13)
        pygame.draw.circle(surf, ROUTE, (x, y), 11, 3)
        surf.set_clip(old)

    def supply_label(self, supply: dict[str, bool]) -> str:
        """The §9 outlook of the route's end: who would be out of supply there."""
        if not supply:
            return ""
        out = [self.view["generals"][g]["name"] for g, ok in supply.items() if not ok]
        return ("Out of supply here: " + ", ".join(out) + " (§9)") if out else "In supply here (§9)"

    # --- the hand -----------------------------------------------------------------------------
    def card_actions(self, card: str) -> list[dict]:
        """The door's legal actions that play, discard or choose `card`."""
        return [a for a in self.legal if a["type"] in CARD_TYPES and (a.get("card") == card or a.get("choice") == card)]

    def playable_cards(self) -> frozenset:
        return frozenset(
            c
            for a in self.legal
            if a["type"] in CARD_TYPES
            for c in (a.get("card"), a.get("choice"))
            if isinstance(c, str) and ":" in c
        )

    def click_card(self, pos) -> bool:
        card = HAND.hit(self.card_zones, pos)
        if card is None:
            return False
        acts = self.card_actions(card)
        seen: set[str] = set()
        acts = [
            a
            for a in acts
            if not (action_label(a, self.view, self.board) in seen or seen.add(action_label(a, self.view, self.board)))
        ]
        if len(acts) == 1:
            self.send(acts[0])
        elif acts:
            self.app.push(ChoiceDialog(self.app, self.scene, f"Play the {card_label(card)} as", acts))
        else:
            self.message = f"Your {card_label(card)}: no play with it now."
        self.dirty = True
        return True

    def card_tip(self, pos) -> str | None:
        card = HAND.hit(self.card_zones, pos)
        if card is None:
            return None
        acts = self.card_actions(card)
        if acts:
            return f"{card_label(card)}: click to " + " or ".join(
                sorted({action_label(a, self.view, self.board).lower() for a in acts})
            )
        return f"{card_label(card)}: not playable now."
