"""The board screen's dialogs and buttons: the prompt bar, the confirmation of phase-ending
actions, the army sheet, recruitment, the route and Reserve choices, the advanced-game dialog."""

from __future__ import annotations

import pygame

from maria.games.maria.rules import cards as C
from maria.ui import advanced_ui as ADV
from maria.ui import agreements_ui as AG_UI
from maria.ui import widgets as W
from maria.ui.board_layout import WHEEL_STEP, INTRO_FRAMES, TYPE_LABELS, control_buttons
from maria.ui.overlays import ComputerFailedScene, RulesScene
from maria.ui.game_menu import GameMenuScene
from maria.ui.save_load import SaveLoadScene
from maria.ui.session import power_name, role_name


class DialogsPart:
    """Methods of MARIA's presenter (maria.ui.maria_presenter), which owns its screen state."""

    def _action_label(self, a: dict) -> str:
        t = a["type"]
        if (
            self.frame.get("name") not in INTRO_FRAMES
            or t not in TYPE_LABELS
            and t not in ("done", "subsidy", "pay_all", "reenter_train", "transfer", "attack")
        ):
            if t != "done":
                return ADV.action_label(a, self.v, self.board)
        if t == "done":
            return {
                "movement_phase": "End movement",
                "hussars": "Done with hussars",
                "winter": "No (more) recruits",
                "saxony_reenter": "Leave him off the board",
            }.get(self.frame.get("name"), "Done")
        if t == "subsidy":
            return "Pay the subsidy" if a["give"] else "Refuse the subsidy"
        if t == "pay_all":
            names = ", ".join(self.v["generals"][g]["name"] for g in a["supplied"]) or "nobody"
            return f"Pay all cards; supplied: {names}"
        if t == "reenter_train":
            return f"Train re-enters at {self.board.cities[a['city']].name} (4)"
        if t == "transfer":
            return (
                f"{a['troops']} troop{'s' if a['troops'] > 1 else ''} {self.v['generals'][a['from']]['name']} → "
                f"{self.v['generals'][a['to']]['name']}"
            )
        if t == "attack":
            return f"Attack {self.board.cities[a['target']].name} from {self.board.cities[a['from']].name}"
        return TYPE_LABELS.get(t, t.replace("_", " ").capitalize())

    def build_buttons(self) -> None:
        bs: list[W.Button] = []
        right = []
        spatial = {
            "move",
            "force_march",
            "step",
            "place_hussar",
            "retreat",
            "allocate",
            "recruit",
            "pay",
            "play_card",
            "undo",
            "attack",
            "reenter_train",
            "transfer",
        }
        in_dialog = self._dialog_actions()
        dialog_types = {a["type"] for a in in_dialog}
        for a in self.acts:
            if a["type"] not in spatial and a["type"] not in dialog_types and a["type"] != "troops":
                right.append((self._action_label(a), (lambda a=a: self.ask_or_apply(a)), a["type"]))
        if self.end_refused:
            # the phase cannot end yet (an agreement in force): the button stays, greyed, its tip
            # and the prompt saying why
            right.append(("End movement", lambda: None, "done", False))
        if self._paying() is not None:
            p = self._paying()
            total = C.pay_value(self.pay_sel)
            right.insert(0, (f"Pay {total}/{p['amount']}", self._pay, "pay", total >= p["amount"]))
            right.insert(1, ("Suggest", self._suggest_pay, "suggest"))
        if self.selected and self.selected in self.v["trains"]:
            for a in self._acts("reenter_train"):
                if a["train"] == self.selected:
                    right.append((self._action_label(a), (lambda a=a: self.apply(a)), "reenter"))
        if self.selected:
            city = self._piece_city(self.selected)
            for a in self._acts("transfer"):
                if self._piece_city(a["from"]) == city and a["troops"] == 1:
                    right.append((self._action_label(a), (lambda a=a: self.apply(a)), "transfer"))
        right.append(("Undo", lambda: self.apply({"type": "undo"}), "undo", {"type": "undo"} in self.acts))
        if not self.private and self.seat in self.session.humans():
            right.append(("Show my hand", self._show_my_hand, "show_hand"))
        if self.confirm:
            # the question replaces the bar: answer it first (Esc or "Keep playing" takes it back)
            right = [
                (self.confirm["yes"], self._confirmed, "confirm_yes"),
                ("Keep playing", self.cancel_choice, "confirm_no"),
            ]
        elif self.pending_choice():
            # a half-made decision (the route of a move, a Reserve's value) is open: nothing in the
            # prompt bar may end the phase under it; the dialog is finished or cancelled first
            right = [(lbl, fn, key, False) for lbl, fn, key, *_ in right]
            right.insert(0, ("Cancel (Esc)", self.cancel_choice, "cancel_choice"))
        # the prompt's buttons: on the right of its text under the map, below it in the side column
        pr = self.lay.prompt
        row = W.button_row(
            right, pr.right - 10, pr.bottom - 52 if self.lay.tall else pr.y + 8, h=44, right_to_left=True, size=18
        )
        for b in row:
            if b.key == "done" and not b.enabled and self.end_refused:
                b.tip = self.end_refused
        bs += row
        # top bar
        top = [
            ("Menu", self._menu, "menu"),
            ("Rules (F1)", self._rules, "rules"),
            ("Load", self._load, "load"),
            ("Save", self._save, "save"),
            (
                "Notes (N)" + (f" {len(self.session.notes)}" if self.session.notes else ""),
                self._toggle_panel("notes"),
                "notes",
            ),
            ("Legend (L)", self._toggle_panel("legend"), "legend"),
            ("Supply (S)", self.toggle_supply, "supply"),
        ]
        if self.v.get("advanced"):
            top += [
                ("Victory (V)", self._toggle_panel("victory"), "victory"),
                ("Politics (P)", self._toggle_panel("politics"), "politics"),
            ]
        bs += W.button_row(top, 1910, 6, h=40, right_to_left=True, size=16, min_w=80)
        if not self.panel:  # a panel over the map is the layer on top: no map controls
            bs += self.map_controls()
        bs += self.battle_buttons()  # the last battle's result, until closed
        # modal panels
        bs += self._modal_buttons()
        self.buttons = bs

    def _map_control_items(self) -> list[tuple]:
        """Zoom and fit, beside the wheel, drag and the + / − / 0 keys; R14.1: the introductory
        game's unused Flanders map shown or hidden."""
        items = [
            ("+", self._zoom(WHEEL_STEP), "zoom_in"),
            ("−", self._zoom(1 / WHEEL_STEP), "zoom_out"),
            ("Fit", self._zoom(None), "zoom_fit"),
        ]
        if self.flanders_unused:
            items.insert(
                0,
                ("Hide Flanders (F)" if self.show_flanders else "Show Flanders (F)", self.toggle_flanders, "flanders"),
            )
        return items

    def map_controls(self) -> list[W.Button]:
        """The map's controls, the board screen's row beside the map (board_layout)."""
        return control_buttons(self.lay.controls, self._map_control_items())

    def _show_my_hand(self) -> None:
        """A public decision, but the player wants his cards: the others look away first."""
        self.scene.hand_off(self.seat)

    def pending_choice(self) -> bool:
        """A dialog of the player's own is open: the route of a move, the value of a Reserve, or a
        question before an action that ends the phase."""
        return bool(self.path_choice or self.reserve_pick or self.confirm)

    def cancel_choice(self) -> None:
        self.path_choice = self.reserve_pick = self.confirm = None
        self.map_dirty = self.static_dirty = self.dirty = True

    def confirm_question(self, a: dict) -> str | None:
        """The question to ask before `a`, when it ends a phase or gives up a battle although the
        player still has something else to do there (not the only sensible choice); else None."""
        name, t = self.frame.get("name"), a["type"]
        gens = self.v["generals"]
        if t == "done" and name == "movement_phase":
            idle = sorted(
                {x["piece"] for x in self.acts if x["type"] in ("move", "force_march") and x["piece"] in gens}
            )
            if idle:
                names = ", ".join(gens[g]["name"] for g in idle[:4]) + (" …" if len(idle) > 4 else "")
                return f"End movement? {len(idle)} general{'s' if len(idle) > 1 else ''} could still move ({names})."
        if t == "accept_defeat" and self._acts("play_card"):
            return "Accept defeat although you can still play a card? Your side loses the battle (R11.3)."
        if t == "done" and name == "hussars" and self._acts("place_hussar"):
            return "Done with hussars? A hussar can still be placed (R7.1)."
        if t == "done" and name == "winter" and self._acts("recruit"):
            return "No recruits this winter? You could still recruit troops (R13)."
        return None

    def ask_or_apply(self, a: dict) -> None:
        if AG_UI.is_offer_template(a):  # R21: the offer's own dialog fills it
            self.app.push(AG_UI.AgreementOfferScene(self.app, self, a["to"]))
            return
        q = self.confirm_question(a)
        if q is None:
            self.apply(a)
            return
        self.confirm = {"action": a, "question": q, "yes": self._action_label(a)}
        self.static_dirty = self.dirty = True

    def _confirmed(self) -> None:
        a, self.confirm = self.confirm["action"], None
        self.apply(a)

    def toggle_supply(self) -> None:
        self.show_supply = not self.show_supply
        self.map_dirty = self.static_dirty = self.dirty = True

    def _zoom(self, factor):
        def f():
            if factor is None:
                self.view.fit()
            else:
                self.view.zoom_by(factor)
            self.map_dirty = self.static_dirty = self.dirty = True

        return f

    def _toggle_panel(self, name):
        def f():
            self.panel = None if self.panel == name else name
            self.note_focus = self.panel == "notes"
            self.map_dirty = True

        return f

    def _notes_input_rect(self) -> pygame.Rect:
        r = self._panel_rect()
        return pygame.Rect(r.x + 20, r.bottom - 64, r.w - 200, 44)

    def _panel_rect(self) -> pygame.Rect:
        if self.panel == "notes":
            r = pygame.Rect(0, 0, min(1200, self.lay.map.w - 48), 700)
            r.midtop = (self.lay.map.centerx, self.lay.map.y + 40)
            return r
        return self.lay.map.inflate(-24, -20)

    def _dialog_actions(self) -> list[dict]:
        """The actions shown in the advanced/generic dialog instead of the prompt bar."""
        name = self.frame.get("name")
        spatial_t = {
            "transfer",
            "undo",
            "troops",
            "pay",
            "move",
            "force_march",
            "step",
            "play_card",
            "recruit",
            "allocate",
            "place_hussar",
            "retreat",
            "attack",
            "reenter_train",
            "relocate",
            "place_train",
        }
        acts = [a for a in self.acts if a["type"] not in spatial_t]
        offers = [a for a in acts if a["type"] == "offer_subsidy"]
        if offers:  # one button per pair; the turns come from a stepper
            pairs, out = set(), []
            top = max(a["turns"] for a in offers)
            self.sub_turns = max(1, min(getattr(self, "sub_turns", 1), top))
            for a in acts:
                if a["type"] != "offer_subsidy":
                    out.append(a)
                elif (a["giver"], a["recipient"]) not in pairs:
                    pairs.add((a["giver"], a["recipient"]))
                    pick = next(
                        (
                            x
                            for x in offers
                            if x["giver"] == a["giver"]
                            and x["recipient"] == a["recipient"]
                            and x["turns"] == self.sub_turns
                        ),
                        None,
                    )
                    if pick is not None:
                        out.append(pick)
            acts = out
        if name in ADV.ADV_FRAMES and name != "pol_troops":
            return acts
        if name not in INTRO_FRAMES and len(acts) > 4:
            return acts  # an unknown frame with many choices: the generic dialog
        return []

    def _menu(self):
        self.app.push(GameMenuScene(self.app, self.scene))

    def _rules(self):
        self.app.push(RulesScene(self.app, self.phase_rule()))

    def rules_scene(self):
        """The game menu's rules (maria.ui.game_menu)."""
        return RulesScene(self.app)

    def seats_scene(self):
        """The game menu's seats screen."""
        return self.app.open_screen("seats", self.scene, ComputerFailedScene.LEVELS)

    def _save(self):
        self.app.push(SaveLoadScene(self.app, "save", self.scene))

    def _load(self):
        self.app.push(SaveLoadScene(self.app, "load", self.scene))

    def _pay(self):
        p = self._paying()
        a = dict(p)
        a.pop("amount", None)
        a["cards"] = list(self.pay_sel)
        if self.frame.get("name") == "pay":
            a["amount"] = p["amount"]
        self.apply(a)

    def _suggest_pay(self):
        p = self._paying()
        hand = self.v["hands"].get(p["power"], [])
        self.pay_sel = C.suggest_payment(hand, p["amount"]) or []
        self.static_dirty = self.dirty = True

    # ------------------------------------------------------------------------------ modal panels
    def _draw_dialog(self, s, r) -> None:
        """An advanced-game decision: its context on the left, the choices in a column on the right."""
        name = self.frame.get("name")
        mine = set(self.v["roles"].get(self.seat, []))
        if name == "election":
            el = self._dialog_actions()[0].get("elector")
            ADV.draw_election(s, r, self.v, self.board, el)
        elif name == "agreement_answer" and "offer" in self.frame:
            AG_UI.draw_offer(s, r, self.frame)
        elif name in ADV.ADV_FRAMES and self.v.get("advanced"):
            ADV.draw_political_display(s, r, self.v, mine, self.frame)
        else:
            ADV.draw_generic(
                s, r, ADV.FRAME_TITLES.get(name, str(name).replace("_", " ").capitalize()), self.prompt_text()
            )
        col = pygame.Rect(r.right - 410, r.y + 10, 400, r.h - 20)
        W.panel(s, col, (250, 242, 222), W.FRAME, 8, 2)
        W.blit_text(s, ADV.FRAME_TITLES.get(name, "Your choice"), (col.x + 10, col.y + 8), 20, W.ACCENT, "serif_bold")
        who = self.frame.get("power") or next((a.get("power") for a in self.acts if a.get("power")), None)
        W.blit_text(
            s,
            f"{role_name(self.seat)}" + (f" for {power_name(who)}" if who else ""),
            (col.x + 10, col.y + 34),
            15,
            W.INK,
        )
        if name == "politics" and self.frame.get("step") == "place":
            W.blit_text(s, "…or click a card in your hand below", (col.x + 10, col.bottom - 24), 14, (100, 85, 60))
