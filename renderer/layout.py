"""`layout()`: the exact geometry a board picture is drawn from — every checker, label, die and arrow.

Pure and cheap: no pixels are touched here. `draw.py` paints a `Layout` and nothing else, so tests can check
the picture's content exactly on the layout (R-BOARD-1…4 for what goes where).
"""

from __future__ import annotations

from typing import Literal

from game import Side, Variant

from . import geometry as G
from . import routes
from . import theme as T
from .scene import LastMove, MatchScore, PendingStage, ResultLike, Scene, pending_stage
from .shapes import Arrow, Banner, Checker, Die, Label, Layout, Mark, Panel, Pill, Ring
from .text import FittedText, clean, fit, fit_size
from .words import ENGLISH, Words

NAME_SIZE = 28
INFO_SIZE = 26          # the pip count and the last play: legible on a phone showing the board 400 px wide
INFO_SMALLEST = 20      # … shrunk down to this before a long line is cut
MATCH_SIZE = 24
MATCH_SMALLEST = 16
COUNT_SIZE = 26
TRAY_COUNT_SIZE = 26
NUMBER_SIZE = 26
NAME_X = 72
NAME_MAX_W = 470
PILL_W = 106           # the turn pill's least width
PILL_MAX_W = 200
PILL_SIZE = 17
CAPTION_SIZE = 28       # OFF / WAIT, in the wood beside the tray: a little larger than the point numbers
CAPTION_MAX_W = G.TRAY_W - 8
CAPTION_SMALLEST = 16
NUMBERED = 3            # a play of this many moves or more numbers its arrows (doubles, a Gul Bara stage)
BADGE = 34              # the number's disc, in the ring of the place the checker left
BADGE_SIZE = 24          # legible at 400 px wide, like every text below
STAGE_SIZE = 26
STAGE_SMALLEST = 18
STAGE_H = 44
TITLE_SIZE = 26          # the variant's title at the right of the opponent's strip
BANNER_W = G.RIGHT_X1 - G.LEFT_X0 - 40
MATCH_MAX_W = 320
CUBE = 56               # the doubling cube's side (R-CUBE-8): in the bar, clear of four checkers on it
CUBE_OFFERED = 64       # … offered, in the middle of the doubler's half
CUBE_SIZE = 34
OFFER_SIZE = 24         # the word under an offered cube
OFFER_H = 38
OFFER_GAP = 12          # between an offered cube and its word
CUBE_EDGE = 3           # from the end of the bar, at its owner's side


def layout(scene: Scene) -> Layout:
    """The geometry of the board picture of `scene`: its position as its viewer sees it, with its words."""
    return _Builder(scene).build()


layout_scene = layout   # the name the first callers of a `Scene` used; the same function


def point_number_labels() -> tuple[Label, ...]:
    """The 24 point numbers in the viewer's numbering, in the wood bands (R-BOARD-1)."""
    return tuple(Label("point", str(p), G.point_x(p), G.number_y(p), "mm", NUMBER_SIZE, True, T.NUMBER)
                 for p in range(1, 25))


def has_waiting_tray(variant: Variant) -> bool:
    """Tawula alone keeps checkers waiting to enter beside the board (R-ENTER-2, R-BOARD-4); the bar, where
    hit checkers stand (tawula, portes, tabla), is always drawn."""
    return variant.has_waiting


class _Builder:
    def __init__(self, scene: Scene) -> None:
        self.s = scene
        self.w = scene.words
        self.pos = scene.position
        self.viewer = scene.viewer
        self.waiting_tray = has_waiting_tray(scene.variant)
        self.checkers: list[Checker] = []
        self.labels: list[Label] = []
        self.next_offset: dict[int, int] = {}   # point -> offset of the next free slot
        self.discs_on: dict[int, list[Checker]] = {}     # point -> the discs drawn on top (not pinned)
        self.names = {side: clean(scene.names.get(side, ""), side.value.capitalize()) for side in Side}
        self.badges: list[Pill] = []

    def build(self) -> Layout:
        for p, view in enumerate(self.pos.points(self.viewer), start=1):
            self._point(p, view.owner, view.count, view.pinned)
        for side in (self.viewer, self.viewer.other):
            self._bar(side)
            self._tray(side, "off", self.pos.borne_off(side))
            if self.waiting_tray:
                self._tray(side, "waiting", self.pos.waiting(side))
        self._captions()
        over = self.s.result is not None
        turn = None if over else self.pos.turn
        if turn is not None and self.s.cube is not None and self.s.cube.offered:
            turn = turn.other  # a double waits on the doubled side's answer (R-CUBE-3): its strip says so
        panels, pills = self._panels(turn)
        stage = self.s.pending or pending_stage(self.pos)
        if not over and stage is not None:
            pills.append(self._stage(stage))
        arrows, rings, marks = self._last_play()
        pills += self.badges
        banner = self._banner() if over and self.s.banner else None
        if banner is None and self.s.cube is not None:
            pills += self._cube()
        dice = () if banner is not None or not self.s.dice else tuple(
            Die(v, _square(c, G.DIE), self.s.dice_side)
            for v, c in zip(self.s.dice, G.dice_centres(self.s.dice_side is self.viewer, len(self.s.dice)),
                            strict=True))
        if banner is None and self.s.opening is not None:
            dice = tuple(Die(v, _square(G.dice_centres(side is self.viewer, 1)[0], G.DIE), side)
                         for v, side in zip(self.s.opening, (Side.WHITE, Side.BLACK), strict=True))
        return Layout(G.WIDTH, G.HEIGHT, self.viewer, self.waiting_tray, tuple(self.checkers),
                      point_number_labels() + tuple(self.labels), dice, arrows, rings, marks, tuple(panels),
                      tuple(pills), turn, banner)

    # --- checkers -----------------------------------------------------------------------------------------

    def _point(self, p: int, owner: Side | None, count: int, pinned: Side | None) -> None:
        x = G.point_x(p)
        offset = 0
        cap = G.STACK
        if pinned is not None:
            self.checkers.append(Checker(pinned, "point", p, G.disc_box(x, G.slot_y(p, 0)), "disc",
                                         _face(pinned), pinned=True))
            offset, cap = G.PIN_SHIFT, G.PIN_STACK
        discs: list[Checker] = []
        if owner is not None:
            for k in range(count):
                shown = k < cap
                y = G.slot_y(p, offset + min(k, cap - 1) * G.D)
                c = Checker(owner, "point", p, G.disc_box(x, y), "disc", _face(owner), shown=shown)
                self.checkers.append(c)
                if shown:
                    discs.append(c)
            if count > cap:
                self._count_label(owner, str(count), x, G.slot_y(p, offset + (cap - 1) * G.D))
            self.discs_on[p] = discs
        self.next_offset[p] = offset + min(count, cap) * G.D

    def _bar(self, side: Side) -> None:
        n = self.pos.bar(side)
        mine = side is self.viewer
        for k in range(n):
            y = G.bar_y(mine, min(k, G.BAR_STACK - 1))
            self.checkers.append(Checker(side, "bar", 0, G.disc_box(G.BAR_X, y), "disc", _face(side),
                                         shown=k < G.BAR_STACK))
        if n > G.BAR_STACK:
            self._count_label(side, str(n), G.BAR_X, G.bar_y(mine, G.BAR_STACK - 1))

    def _tray(self, side: Side, kind: Literal["off", "waiting"], n: int) -> None:
        mine = side is self.viewer
        comp = G.tray_compartment(mine, kind, self.waiting_tray)
        for k in range(n):
            self.checkers.append(Checker(side, kind, 0, G.slab_box(mine, comp, k, self.waiting_tray), "slab",
                                         _face(side)))
        if n:
            self.labels.append(Label("tray", str(n), G.TRAY_COUNT_X, (comp[0] + comp[1]) // 2, "mm",
                                     TRAY_COUNT_SIZE, True, T.NUMBER, side=side))

    def _captions(self) -> None:
        """`OFF` in the wood beyond each half of the tray, next to the borne-off checkers at its outer end;
        in tawula `WAIT` once between the halves, where the two waiting compartments meet (R-BOARD-4)."""
        x = (G.TRAY_X0 + G.TRAY_X1) // 2
        for mine in (True, False):
            self._caption(self.w.off, x, G.number_y(1 if mine else 24))
        if self.waiting_tray:
            self._caption(self.w.wait, x, G.MID)

    def _caption(self, words: str, x: int, y: int) -> None:
        text, size = fit_size(words, CAPTION_SIZE, CAPTION_MAX_W, CAPTION_SMALLEST)
        self.labels.append(Label("caption", text.text, x, y, "mm", size, True, T.NUMBER,
                                 complex_script=text.complex_script))

    def _stage(self, stage: PendingStage) -> Pill:
        """A Gul Bara stage still to play, in the middle of the half without the dice (R-GULBARA-3/4); on two
        lines, broken at a space, when one line would have to shrink below `STAGE_SIZE`."""
        left = self.s.dice_side is self.viewer  # the dice stand in the mover's half: the other one
        x0, x1 = (G.LEFT_X0, G.BAR_X0) if left else (G.RIGHT_X0, G.RIGHT_X1)
        cx, room = (x0 + x1) // 2, x1 - x0 - 36
        lines, size = _stage_lines(self.w.stage(stage.die, stage.moves, stage.transferred), room)
        step = STAGE_H - 10
        top = G.MID - (len(lines) - 1) * step // 2
        for k, text in enumerate(lines):
            self.labels.append(Label("stage", text.text, cx, top + k * step, "mm", size, True, T.ACCENT,
                                     side=self.pos.turn, complex_script=text.complex_script))
        w = max(t.width for t in lines) + 32
        h = STAGE_H + (len(lines) - 1) * step
        return Pill((cx - w // 2, G.MID - h // 2, cx - w // 2 + w, G.MID - h // 2 + h), T.BANNER)

    def _cube(self) -> list[Pill]:
        """The doubling cube (R-CUBE-8): at 1 in the middle of the bar; once taken at its owner's end of the bar
        (the viewer's at the bottom) with its value; a pending offer in the doubler's half, in the accent colour,
        showing the value offered, with the word `offered` on a pill beside it."""
        cube = self.s.cube
        assert cube is not None
        text, text_size = fit_size(self.w.offered, OFFER_SIZE, 6 * G.PW - CUBE_OFFERED - 60, STAGE_SMALLEST)
        word_w = text.width + 28
        if cube.offered:   # the cube and its word side by side, between the stacks of the two sides' rows
            middle, y = G.dice_centres(self.pos.turn is self.viewer, 1)[0]
            x = middle - (CUBE_OFFERED + OFFER_GAP + word_w) // 2 + CUBE_OFFERED // 2
            size, value, face, ink = CUBE_OFFERED, cube.offered_value, T.ACCENT, T.ACCENT_DARK
        else:
            x, size, value, face, ink = G.BAR_X, CUBE, cube.value, T.NUMBER, T.NUMBER_DARK
            half = G.INNER_Y1 - G.MID - CUBE_EDGE - CUBE // 2
            y = G.MID if cube.owner is None else G.MID + (half if cube.owner is self.viewer else -half)
        self.labels.append(Label("cube", str(value), x, y, "mm", CUBE_SIZE if size == CUBE else CUBE_SIZE + 4,
                                 True, ink, side=cube.owner))
        pills = [Pill(_square((x, y), size), face, radius=8, stroke=T.FRAME_DARK)]
        if cube.offered:
            x0 = x + size // 2 + OFFER_GAP
            self.labels.append(Label("offer", text.text, x0 + word_w // 2, y, "mm", text_size, True, T.ACCENT,
                                     complex_script=text.complex_script))
            pills.append(Pill((x0, y - OFFER_H // 2, x0 + word_w, y + OFFER_H // 2), T.BANNER))
        return pills

    def _count_label(self, side: Side, text: str, x: int, y: int) -> None:
        self.labels.append(Label("count", text, x, y, "mm", COUNT_SIZE, True, T.CHECKER_TEXT[side], side=side))

    # --- panels -------------------------------------------------------------------------------------------

    def _panels(self, turn: Side | None) -> tuple[list[Panel], list[Pill]]:
        panels: list[Panel] = []
        pills: list[Pill] = []
        w = self.w
        turn_text, turn_size = fit_size(w.to_move, PILL_SIZE, PILL_MAX_W - 28, 11)
        pill_w = max(PILL_W, turn_text.width + 28)
        for side in (self.viewer.other, self.viewer):
            mine = side is self.viewer
            top = G.panel_top(mine)
            active = side is turn
            panels.append(Panel(side, (0, top, G.WIDTH, top + G.PANEL_H), active,
                                _square((38, top + G.PANEL_H // 2), 40)))
            name = fit(self.names[side], NAME_SIZE, NAME_MAX_W - (pill_w - PILL_W if active else 0))
            self.labels.append(Label("name", name.text, NAME_X, top + 26, "lm", NAME_SIZE, True, T.PANEL_TEXT,
                                     side=side, complex_script=name.complex_script))
            info = w.pips.format(n=self.pos.pips(side))
            if self.pos.bar(side) and self.pos.bar_protected(side):
                info += f"  ·  {w.bar_protected}"   # R-ENTER-4
            lp = self.s.last_play
            if lp is not None and lp.side is side:
                info += "  ·  " + (w.played.format(play=lp.notation()) if lp.moves else w.pass_turn)
            name_end = NAME_X + name.width
            if active:
                x0 = name_end + 16
                name_end = x0 + pill_w
                pills.append(Pill((x0, top + 12, name_end, top + 40), T.ACCENT))
                self.labels.append(Label("turn", turn_text.text, x0 + pill_w // 2, top + 26, "mm", turn_size,
                                         True, T.ACCENT_DARK, side=side, complex_script=turn_text.complex_script))
            sc = self.s.score
            if sc is not None:
                self.labels.append(Label("score", str(sc.of(side)), G.TRAY_X0 + G.TRAY_W // 2,
                                         top + G.PANEL_H // 2, "mm", 38, True, T.PANEL_TEXT, side=side))
            info_end = G.TRAY_X0 - 14
            if not mine:   # the variant and the match length at the right of the opponent's strip
                title = fit(variant_title(self.s.variant, w), TITLE_SIZE, G.RIGHT_X1 - name_end - 24)
                self.labels.append(Label("variant", title.text, G.RIGHT_X1, top + 26, "rm", TITLE_SIZE, True,
                                         T.PANEL_TEXT, complex_script=title.complex_script))
                info_end = G.RIGHT_X1 - 24
                if sc is not None:
                    where = (w.cycle_match.format(cycle=w.cycle(sc.cycle), n=sc.target, game=sc.game)
                             if sc.cycle else w.match_to.format(n=sc.target))
                    if self.s.cube is not None and self.s.cube.crawford:
                        where += f"  ·  {w.crawford}"  # R-CUBE-5
                    match, match_size = self._beside(where, info, info_end)
                    self.labels.append(Label("match", match.text, G.RIGHT_X1, top + 57, "rm", match_size, False,
                                             T.PANEL_MUTED, complex_script=match.complex_script))
                    info_end -= match.width + 16
            info_fit, info_size = fit_size(info, INFO_SIZE, info_end - NAME_X - 8, INFO_SMALLEST, bold=False)
            self.labels.append(Label("info", info_fit.text, NAME_X, top + 57, "lm", info_size, False,
                                     T.PANEL_MUTED, side=side, complex_script=info_fit.complex_script))
        return panels, pills

    @staticmethod
    def _beside(where: str, info: str, info_end: int) -> tuple[FittedText, int]:
        """The match length at the largest size that leaves the info line on its left room to be whole at
        `INFO_SMALLEST` (the last play matters more); the smallest size if nothing leaves it room. It may take
        all the room the info line leaves (a Greek "αγώνας στους 5 · Κρόφορντ" is whole), at least
        `MATCH_MAX_W`."""
        need = fit(info, INFO_SMALLEST, 1 << 20, bold=False).width
        widest = max(MATCH_MAX_W, info_end - 16 - NAME_X - need - 8)  # a short info line leaves it more room
        for size in range(MATCH_SIZE, MATCH_SMALLEST - 1, -2):
            match = fit(where, size, widest, bold=False)
            if NAME_X + need + 8 + match.width + 16 <= info_end:
                break
        return match, size

    # --- the last play ------------------------------------------------------------------------------------

    def _last_play(self) -> tuple[tuple[Arrow, ...], tuple[Ring, ...], tuple[Mark, ...]]:
        lp = self.s.last_play
        if lp is None or not lp.moves:
            return (), (), ()
        mover = lp.side
        staged = len(lp.stages) > 1
        numbered = staged or len(lp.moves) >= NUMBERED
        arrows: list[Arrow] = []
        rings: list[Ring] = []
        marks: dict[int, Literal["from", "to"]] = {}
        ghosts: dict[int | str, int] = {}
        arrivals: dict[int | str, int] = {}
        rows: list[tuple[bool, tuple[routes.Point, routes.Point]]] = []
        for i, m in enumerate(lp.moves, start=1):
            start, ghost = self._source(mover, m.frm, m.from_bar, ghosts)
            if ghost:
                rings.append(Ring(G.disc_box(*start), "from"))
            end, landed = self._target(mover, m.to, arrivals, ghosts)
            if landed:
                rings.append(Ring(G.disc_box(*end), "to"))
            number = lp.stage_of(i - 1) if staged else i if numbered else 0
            arrows.append(Arrow(mover, start, end, m.hit, self._route(mover, m, start, end, rows), number))
            if 1 <= m.frm <= 24:
                vp = self.pos.to_point(m.frm, mover, self.viewer)
                marks.setdefault(vp, "from")
            if 1 <= m.to <= 24:
                marks[self.pos.to_point(m.to, mover, self.viewer)] = "to"
        if numbered:
            self._badges(arrows)
        return tuple(arrows), tuple(rings), tuple(Mark(p, k, _number_box(p)) for p, k in sorted(marks.items()))

    def _route(self, mover: Side, m: LastMove, start: routes.Point, end: routes.Point,
               rows: list[tuple[bool, tuple[routes.Point, routes.Point]]]) -> tuple[routes.Point, ...]:
        """The arrow's way between two points: around the end of the board the checker went round, else an
        arc along its row, bent further where it would lie on an earlier arrow of the row (`rows`); straight
        from the bar or the waiting checkers and into the tray."""
        if not (1 <= m.frm <= 24 and 1 <= m.to <= 24):
            return ()
        passed = [self.pos.to_point(q, mover, self.viewer) for q in range(m.frm, m.to - 1, -1)]
        end_gone_round = routes.wrap_end(passed)
        if end_gone_round is not None:
            return routes.around_end(start, end, end_gone_round)
        top = G.point_half(passed[0]) == "top"
        lane = sum(1 for t, span in rows if t == top and routes.lies_on((start, end), span))
        rows.append((top, (start, end)))
        return routes.along_row(start, end, top, lane)

    def _badges(self, arrows: list[Arrow]) -> None:
        """Each move's number (its stage's in a cascade) on a disc where its checker left, so a play's arrows
        can be told apart; moves that leave the same place (a full stack shows one ring for them) share its ring,
        side by side."""
        starts: dict[routes.Point, list[Arrow]] = {}
        for a in arrows:
            starts.setdefault(a.start, []).append(a)
        for (x, y), group in starts.items():
            size = BADGE if len(group) == 1 else BADGE - 2
            cols = min(len(group), 2)
            rows = (len(group) + 1) // 2
            for k, a in enumerate(group):
                cx = x + round((k % cols - (cols - 1) / 2) * size)
                cy = y + round((k // cols - (rows - 1) / 2) * size)
                self.badges.append(Pill(_square((cx, cy), size), T.ACCENT))
                self.labels.append(Label("order", str(a.number), cx, cy, "mm", BADGE_SIZE, True, T.ACCENT_DARK))

    def _source(self, mover: Side, frm: int, from_bar: bool,
                ghosts: dict[int | str, int]) -> tuple[tuple[int, int], bool]:
        """Where a moved checker came from, and whether a ghost ring marks it (a point or the bar)."""
        mine = mover is self.viewer
        if frm == 25:
            if from_bar or not self.waiting_tray:
                k = ghosts.get("bar", 0)
                ghosts["bar"] = k + 1
                return (G.BAR_X, G.bar_y(mine, min(self.pos.bar(mover) + k, G.BAR_STACK - 1))), True
            comp = G.tray_compartment(mine, "waiting", True)
            k = ghosts.get("waiting", 0)
            ghosts["waiting"] = k + 1
            box = G.slab_box(mine, comp, min(self.pos.waiting(mover) + k, 14), True)
            return ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2), False
        vp = self.pos.to_point(frm, mover, self.viewer)
        k = ghosts.get(vp, 0)
        ghosts[vp] = k + 1
        offset = min(self.next_offset[vp] + k * G.D, G.GHOST_MAX)
        return (G.point_x(vp), G.slot_y(vp, offset)), True

    def _target(self, mover: Side, to: int, arrivals: dict[int | str, int],
                ghosts: dict[int | str, int]) -> tuple[tuple[int, int], bool]:
        """Where a moved checker landed, and whether a checker of the mover stands there to ring."""
        mine = mover is self.viewer
        if to == 0:
            k = arrivals.get("off", 0)
            arrivals["off"] = k + 1
            comp = G.tray_compartment(mine, "off", self.waiting_tray)
            box = G.slab_box(mine, comp, max(self.pos.borne_off(mover) - 1 - k, 0), self.waiting_tray)
            return ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2), False
        vp = self.pos.to_point(to, mover, self.viewer)
        k = arrivals.get(vp, 0)
        arrivals[vp] = k + 1
        discs = [c for c in self.discs_on.get(vp, []) if c.side is mover]
        if k < len(discs):
            c = discs[len(discs) - 1 - k]
            return ((c.box[0] + c.box[2]) // 2, (c.box[1] + c.box[3]) // 2), True
        offset = min(self.next_offset[vp] + max(ghosts.get(vp, 0) - 1, 0) * G.D, G.GHOST_MAX)
        return (G.point_x(vp), G.slot_y(vp, offset)), False

    # --- the end ------------------------------------------------------------------------------------------

    def _banner(self) -> Banner:
        r = self.s.result
        assert r is not None
        w = self.w
        name = None if r.winner is None else fit(self.names[r.winner], 30, 640).text
        head, tail = outcome_lines(w, r, name, self.s.score)
        title, sub = fit(head, 30, BANNER_W), fit(tail, 19, BANNER_W)
        box = (G.LEFT_X0 + 8, G.MID - G.BAR_CLEAR + 4, G.RIGHT_X1 - 8, G.MID + G.BAR_CLEAR - 4)
        cx = (box[0] + box[2]) // 2
        lines = (Label("banner", title.text, cx, G.MID - 11, "mm", 30, True, T.PANEL_TEXT,
                       complex_script=title.complex_script),
                 Label("banner", sub.text, cx, G.MID + 20, "mm", 19, True, T.ACCENT,
                       complex_script=sub.complex_script))
        return Banner(box, r.winner, lines)


def outcome_lines(w: Words, r: ResultLike, winner: str | None, score: MatchScore | None = None,
                  sep: str = "  ·  ") -> tuple[str, str]:
    """A game's result in `w`'s words, as the banner says it: who won (`winner`, the winner's name; the match
    score too for the game that won a match, R-MATCH-1) or a tie, then the points and how the game ended,
    `sep` between them."""
    if r.winner is None:
        title = w.tie
    elif score is not None and score.decided:
        title = w.wins_match.format(name=winner, won=score.of(r.winner), lost=score.of(r.winner.other))
    else:
        title = w.wins.format(name=winner)
    reason = w.reason(r.reason)
    pts = w.points(r.points) if r.winner is not None else w.no_points
    return title, f"{pts}{sep}{reason}" if reason else pts


def _stage_lines(words: str, room: int) -> tuple[list[FittedText], int]:
    """A stage's words on one line at `STAGE_SIZE` if they fit `room`; else on the two lines, broken at a space,
    whose wider is narrowest, at the largest size down to `STAGE_SMALLEST` where both fit (cut if none)."""
    one, size = fit_size(words, STAGE_SIZE, room, STAGE_SMALLEST)
    if size == STAGE_SIZE:
        return [one], size
    splits = [(words[:i], words[i + 1:]) for i, c in enumerate(words) if c == " "]
    if not splits:
        return [one], size
    for s in range(STAGE_SIZE, STAGE_SMALLEST - 1, -1):
        best = min(([fit(a, s, 1 << 20), fit(b, s, 1 << 20)] for a, b in splits),
                   key=lambda pair: max(t.width for t in pair))
        if max(t.width for t in best) <= room:
            return best, s
    return [one], size


def variant_title(v: Variant, words: Words = ENGLISH) -> str:
    """`Tapa · mother tie · backgammon · cube`: the preset and its non-default options (RULES.md §9)."""
    return "  ·  ".join([words.variant(v.name), *(words.option(k, val) for k, val in v.options().items())])


def _face(side: Side) -> T.RGB:
    return T.CHECKER_FACE[side]


def _square(c: tuple[int, int], size: int) -> G.Box:
    h = size // 2
    return (c[0] - h, c[1] - h, c[0] - h + size, c[1] - h + size)


def _number_box(p: int) -> G.Box:
    x, y = G.point_x(p), G.number_y(p)
    return (x - G.PW // 2 + 5, y - 16, x + G.PW // 2 - 5, y + 16)
