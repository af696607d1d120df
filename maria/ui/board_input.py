"""The board screen's input: mouse (click, drag-to-move, wheel), keys, and cards clicked in the
hand; every action goes through MariaPresenter.apply (the engine decides)."""

from __future__ import annotations

import pygame

from maria.games.maria.rules import cards as C
from maria.games.maria.rules import door
from maria.games.maria.rules.state import IllegalAction
from maria.ui import hand as HAND
from maria.ui.board_layout import INFO_H, WHEEL_STEP, KEY_PAN, DRAG_THRESHOLD
from maria.ui.moves import reach, road_route
from maria.ui.game_menu import GameMenuScene
from maria.ui.save_load import SaveLoadScene
from maria.ui.session import power_name, role_name


class InputPart:
    """Methods of MARIA's presenter (maria.ui.maria_presenter), which owns its screen state."""

    # ------------------------------------------------------------------------------ events
    def handle(self, e) -> None:
        if e.type in (pygame.KEYDOWN, pygame.KEYUP) and e.key in (pygame.K_LSHIFT, pygame.K_RSHIFT):
            # Shift held while dragging a general pins the cities passed over as his route
            self.shift_held = e.type == pygame.KEYDOWN
            return
        if e.type == pygame.KEYDOWN:
            self._key(e)
        elif e.type == pygame.MOUSEWHEEL:
            pos = self.app.mouse_pos()
            m, side = self.lay.map, self.lay.side
            if side.collidepoint(pos) and pos[1] > side.y + INFO_H:
                self.log_scroll = max(0, self.log_scroll + e.y * 2)
                self.static_dirty = self.dirty = True
            else:
                anchor = (pos[0] - m.x, pos[1] - m.y) if m.collidepoint(pos) else None
                self.view.zoom_by(WHEEL_STEP**e.y, anchor)
                self.map_dirty = self.static_dirty = self.dirty = True
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            self._down(e.pos)
        elif e.type == pygame.MOUSEMOTION:
            self._motion(e)
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            self._up(e.pos)
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 3:
            self.selected = self.reach = None
            self.path_choice = None
            self.map_dirty = self.static_dirty = self.dirty = True

    def _key(self, e) -> None:
        if self.panel == "notes" and self.note_focus:
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.session.add_note(role_name(self.seat), self.note_draft):
                    self.note_draft = ""
                else:
                    self._add_note()  # says that the notes are full
            elif e.key == pygame.K_BACKSPACE:
                self.note_draft = self.note_draft[:-1]
            elif e.key == pygame.K_ESCAPE:
                self.note_focus = False
            elif e.unicode and e.unicode.isprintable() and len(self.note_draft) < 300:
                self.note_draft += e.unicode
            self.static_dirty = self.dirty = True
            return
        if e.key == pygame.K_s and not (e.mod & pygame.KMOD_CTRL):
            self.toggle_supply()
            return
        if e.key == pygame.K_f and not (e.mod & pygame.KMOD_CTRL) and self.flanders_unused:
            self.toggle_flanders()
            return
        if e.key == pygame.K_l and not (e.mod & pygame.KMOD_CTRL):
            self._toggle_panel("legend")()
            self.static_dirty = self.dirty = True
            return
        if self.v.get("advanced") and not (e.mod & pygame.KMOD_CTRL):
            toggles = {pygame.K_p: "politics", pygame.K_v: "victory", pygame.K_n: "notes"}
            if e.key in toggles:
                self._toggle_panel(toggles[e.key])()
                self.static_dirty = self.dirty = True
                return
        elif e.key == pygame.K_n and not (e.mod & pygame.KMOD_CTRL):
            self._toggle_panel("notes")()
            self.static_dirty = self.dirty = True
            return
        pans = {
            pygame.K_LEFT: (KEY_PAN, 0),
            pygame.K_RIGHT: (-KEY_PAN, 0),
            pygame.K_UP: (0, KEY_PAN),
            pygame.K_DOWN: (0, -KEY_PAN),
        }
        if e.key in pans:
            self.view.pan_by(*pans[e.key])
        elif e.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.view.zoom_by(WHEEL_STEP)
        elif e.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.view.zoom_by(1 / WHEEL_STEP)
        elif e.key == pygame.K_0:
            self.view.fit()
        elif e.key == pygame.K_z and (e.mod & pygame.KMOD_CTRL):
            if {"type": "undo"} in self.acts and not self.pending_choice():
                self.apply({"type": "undo"})
            return
        elif e.key == pygame.K_ESCAPE:
            if self.panel:
                self.panel = None
            elif self.selected or self.pending_choice():
                self.selected = self.reach = self.path_choice = self.reserve_pick = self.confirm = None
            else:
                self.app.push(GameMenuScene(self.app, self.scene))
                return
        elif e.key == pygame.K_s and (e.mod & pygame.KMOD_CTRL):
            self.app.push(SaveLoadScene(self.app, "save", self.scene))
            return
        else:
            return
        self.map_dirty = self.static_dirty = self.dirty = True

    def _down(self, pos) -> None:
        for b in self.buttons:
            if b.hit(pos):
                b.action()
                self.dirty = self.static_dirty = True
                return
        if any(b.rect.collidepoint(pos) for b in self.buttons):
            return  # a disabled button swallows the click
        if self.panel == "notes":
            self.note_focus = self._notes_input_rect().collidepoint(pos)
            self.static_dirty = self.dirty = True
        card = HAND.hit(self._card_zones, pos)
        if card is not None:
            self._card_clicked(card)
            return
        if self.panel and self.lay.map.collidepoint(pos):
            return
        if self._modal_rect() and self._modal_rect().collidepoint(pos):
            return
        if self.battle_shown() is not None and self.battle_rect(self.battle_shown()).collidepoint(pos):
            return  # the battle's result panel: not a click on the map under it
        if self.lay.side.collidepoint(pos):
            return
        if not self.lay.map.collidepoint(pos):
            return
        pid = self.piece_at(pos)
        if pid and pid in self._movable() and self.frame.get("name") == "movement_phase":
            self.drag = {"piece": pid, "start": pos, "pos": pos, "moved": False, "pan": False}
            if self.selected != pid:
                self.selected = pid
                self.reach = reach(self.session.state, pid)
                self.map_dirty = True
        else:
            self.drag = {"piece": None, "start": pos, "pos": pos, "moved": False, "pan": True, "click_piece": pid}
        self.static_dirty = self.dirty = True

    def _motion(self, e) -> None:
        pos = e.pos
        if self.drag:
            d = self.drag
            if not d["moved"] and (abs(pos[0] - d["start"][0]) + abs(pos[1] - d["start"][1]) > DRAG_THRESHOLD):
                d["moved"] = True
            if d["pan"] and d["moved"]:
                self.view.pan_by(pos[0] - d["pos"][0], pos[1] - d["pos"][1])
                self.map_dirty = self.static_dirty = True
            d["pos"] = pos
            self.dirty = True
        hc = self.city_at(pos)
        if self.drag and self.shift_held and hc is not None:
            self._pin_waypoint(hc)
        if hc != self.hover_city:
            self.hover_city = hc
            self.dirty = True
            if self.frame.get("name") == "retreat" or self.path_choice:
                self.static_dirty = True
        card = HAND.hit(self._card_zones, pos)
        if card != self.hover_card:
            self.hover_card = card
            self.hand_dirty = self.dirty = True
        hv = next((i for i, (r, _) in enumerate(self._victory_rows) if r.collidepoint(pos)), None)
        if hv != self.hover_victory:
            self.hover_victory = hv
            self.dirty = True
        hl = []
        for r, places in self._log_rows:
            if r.collidepoint(pos):
                hl = places
        if hl != self.hover_log:
            self.hover_log = hl
            self.dirty = True

    def _up(self, pos) -> None:
        d, self.drag = self.drag, None
        if d is None:
            return
        self.dirty = self.static_dirty = True
        if d["pan"]:
            if not d["moved"]:
                self._click_map(pos, d.get("click_piece"))
            return
        if not d["moved"]:
            return  # a click on a movable piece: it stays selected
        city = self.city_at(pos, 24)
        ways = [c for c in d.get("waypoints", []) if c != city]
        if ways and city:
            self._move_via(d["piece"], city, ways)
            return
        self._try_move_to(d["piece"], city)

    def _pin_waypoint(self, city) -> None:
        """Shift held while dragging: the city passed over is pinned as a waypoint of the route
        (passing back over the last one takes it out again)."""
        d = self.drag
        if not d or d["pan"] or not d["moved"] or city is None or city == self._piece_city(d["piece"]):
            return
        ways = d.setdefault("waypoints", [])
        if ways and ways[-1] == city:
            return
        if len(ways) > 1 and ways[-2] == city:
            ways.pop()  # back over the previous point: undo the last pin
            return
        ways.append(city)

    def _move_via(self, pid, city, ways) -> None:
        """A move along the player's own route: the engine checks it; if it is not a legal move the
        engine says why."""
        r = self.reach if self.reach and self.reach.piece == pid else reach(self.session.state, pid)
        got = r.via(city, ways)
        if got is not None:
            self._do_move(pid, *got)
            return
        path = road_route(self.info, [self._piece_city(pid)] + ways + [city])
        if path is None:
            self.refuse(f"{self.board.cities[city].name} cannot be reached by road through those cities.")
            return
        mode, reason = self._path_verdict(pid, path)
        if mode is not None:
            self._do_move(pid, mode, path)  # legal after all: made
            return
        names = " → ".join(self.board.cities[c].name for c in [self._piece_city(pid)] + ways + [city])
        self.refuse(f"Not a legal move along {names}: {reason}")

    def _click_map(self, pos, piece) -> None:
        city = self.city_at(pos)
        if piece and city is None:
            city = self._piece_city(piece)
        name = self.frame.get("name")
        if self.path_choice:
            self.path_choice = None
        if name == "moving" and self.acts and city:
            a = {"type": "step", "to": city}
            if a in self.acts:
                self.apply(a)
            else:
                self._refuse_step(city)
            return
        if self.selected and city and name == "movement_phase":
            if self.selected in self.v["trains"]:
                a = {"type": "reenter_train", "train": self.selected, "city": city}
                if a in self.acts:
                    self.apply(a)
                    return
            if city == self._piece_city(self.selected):
                self.selected = self.reach = None
                self.map_dirty = True
                return
            self._try_move_to(self.selected, city)
            return
        if (
            name == "movement_phase"
            and piece
            and piece in self.v["trains"]
            and any(a["train"] == piece for a in self._acts("reenter_train"))
        ):
            self.selected, self.reach = piece, None
            self.map_dirty = True
            return
        if not city:
            return
        for a in self._acts("place_hussar") + self._acts("relocate") + self._acts("place_train"):
            if a["city"] == city:
                self.apply(a)
                return
        for a in self._acts("attack"):
            if a["target"] == city or a["from"] == city:
                self.apply(a)
                return
        for a in self._acts("retreat"):
            if a["path"][-1] == city:
                self.apply(a)
                return
        if self._acts("place_hussar"):
            self.refuse(
                f"A hussar cannot go to {self.board.cities[city].name}: it must be an empty city "
                "of the Bohemia map within 4 cities of an Austrian general (R7.1)."
            )
        elif self._acts("retreat"):
            self.refuse(
                "The retreat must end on one of the lit cities: the full distance, as far as "
                "possible from the winner, through empty cities only."
            )

    def _piece_city(self, pid) -> str | None:
        p = self.v["generals"].get(pid) or self.v["trains"].get(pid)
        return p["city"] if p else None

    def _refuse_step(self, city) -> None:
        try:  # the engine gives the reason
            door.apply(self.session.state, self.seat, {"type": "step", "to": city})
        except IllegalAction as exc:
            self.refuse(str(exc))

    def _try_move_to(self, pid, city) -> None:
        if city is None or city == self._piece_city(pid):
            if city is None:
                self.refuse("Drop the piece on a lit city to move it.")
            return
        if self.frame.get("name") == "moving":
            self._click_map(self.to_screen(city), None)
            return
        r = self.reach if self.reach and self.reach.piece == pid else reach(self.session.state, pid)
        opts = r.options(city)
        if not opts:
            self.refuse(self._engine_reason(pid, city))
            return
        if len(opts) == 1:
            self._do_move(pid, *opts[0])
        else:
            self.path_choice = {"piece": pid, "city": city, "options": opts}

    def _do_move(self, pid, mode, path) -> None:
        self.apply({"type": "move", "piece": pid, "path": path, "force_march": mode == "force"})

    def _engine_reason(self, pid, city) -> str:
        """Ask the engine why a move to `city` is refused (shortest road path)."""
        path = road_route(self.info, [self._piece_city(pid), city])
        if path is None:
            return f"{self.board.cities[city].name} cannot be reached by road from here."
        _, reason = self._path_verdict(pid, path)
        return reason or "That move is not possible now."

    def _path_verdict(self, pid, path) -> tuple[str | None, str]:
        """The engine on a move along `path`: the mode it accepts ("normal", else "force"; None if
        neither) and why the normal move is refused ("" if it is not)."""
        reason = ""
        for fm in (False, True):
            try:
                door.apply(
                    self.session.state, self.seat, {"type": "move", "piece": pid, "path": path, "force_march": fm}
                )
            except IllegalAction as exc:
                if not fm:
                    reason = str(exc)
                continue
            return ("force" if fm else "normal"), reason
        return None, reason

    def _card_clicked(self, card: str) -> None:
        name = self.frame.get("name")
        if name == "politics" and self.frame.get("step") == "place":
            for a in self._acts("place"):
                if a["card"] == card:
                    self.apply(a)
                    return
            self.refuse("That card cannot be placed on the political display now.")
            return
        if name == "combat" and not self._acts("play_card"):
            right = self.frame.get(self.frame.get("right", "att") + "_power")
            self.refuse(
                f"It is {power_name(right)}'s turn to play in this battle (R11.2)."
                if right
                else "No card can be played in this battle now."
            )
            return
        if name == "combat" and self._acts("play_card"):
            owner = self._card_owner(card)
            side = self.frame.get("right", "att")
            fighting = self.frame.get(side + "_power")
            if owner and fighting and owner != fighting:
                self.refuse(
                    f"That card is {power_name(owner)}'s: only {power_name(fighting)}'s cards fight "
                    "in this battle (R11.2)."
                )
                return
            if C.is_reserve(card):
                if any(a.get("card") == card for a in self._acts("play_card")):
                    # the value row is a button row of the static layer: redraw it now
                    self.reserve_pick = None if self.reserve_pick == card else card
                    self.static_dirty = self.dirty = True
                else:
                    self.refuse("That Reserve cannot be played now.")
            else:
                a = {"type": "play_card", "card": card}
                if a in self.acts:
                    self.apply(a)
                else:
                    suit = self.frame.get(self.frame.get("right", "att") + "_suit")
                    self.refuse(f"Only {suit} (or a Reserve) may be played in this sector (R11.2).")
            return
        if self._paying() is not None or self.recruit:
            if card in self.pay_sel:
                self.pay_sel.remove(card)
            else:
                self.pay_sel.append(card)
            self.static_dirty = self.dirty = True
            return
        self.refuse(
            "No card is played now: Tactical Cards fight in battles (R11) and pay for supply "
            "trains, recruits and the hussar tax when the program asks for a payment (R8.7)."
        )

    def _card_owner(self, card: str) -> str | None:
        for p, h in self.v["hands"].items():
            if isinstance(h, list) and card in h:
                return p
        return None

    def _paying(self) -> dict | None:
        p = self._acts("pay")
        return p[0] if p else None
