"""The game service: where a player's command text becomes a state change and a reply.

`Service.handle(identity, chat, text)` is the one entry point every adapter uses. A game change is: load the
record → compute with the engine (pure, `turns.py`) → one compare-and-set per logged step with a command id
derived from the command (so a repeated command applies once) → render the board. Nothing raises out of
`handle`: every refusal and every failure becomes a short reply that says why and changes nothing.
"""

from __future__ import annotations

import base64
import hashlib
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace

from game import GameError, Side, variant
from game.flow import Game
from game.match import Match
from renderer import LastPlay
from storage import (
    AlreadyExists,
    GameRecord,
    MatchRecord,
    MoveLogEntry,
    NotFound,
    PlayerRecord,
    StorageError,
    Store,
    StoreUnavailable,
    VersionConflict,
)

from . import chats, commands, dice, i18n
from .cache import TTLCache
from .commands import Command, CommandError
from .context import Ctx, Refusal
from .gamestate import (
    OPENING,
    dice_field,
    game_of,
    outcome_of,
    result_of,
    seed_of,
    side_index,
    side_of,
    variant_options,
)
from .images import board_png
from .ratings import deltas
from .replies import Board, Chat, Choice, Identity, Reply
from .turns import Advance, Event, Step, advance

log = logging.getLogger(__name__)

COMPUTER = Identity("ai", "engine", "Computer")
MAX_CHOICES = 12
CACHE_SECONDS = 30.0
Handler = Callable[["Service", Ctx, Command], Awaitable[Reply]]


class Service:
    """Platform-neutral commands on a `storage.Store`.

    `clock` gives Unix seconds (inject a fake one for deadline tests), `seeds` a fresh secret dice seed per
    game, `render` the board PNG (`images.board_png`; None for text only).
    """

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 seeds: Callable[[], str] = dice.new_seed, render: Callable[..., bytes | None] | None = board_png,
                 deadline_hours: float = 72.0, challenge_hours: float = 24.0, language: str = i18n.DEFAULT) -> None:
        self.store = store
        self.clock = clock
        self.seeds = seeds
        self.render = render
        self.deadline_hours = deadline_hours
        self.challenge_hours = challenge_hours
        self.language = language
        self._computer_id: str | None = None
        self._players: TTLCache[PlayerRecord] = TTLCache(CACHE_SECONDS)
        self._chats: TTLCache[chats.ChatSettings] = TTLCache(CACHE_SECONDS)

    # --- the entry point ------------------------------------------------------------------------------

    async def handle(self, who: Identity, chat: Chat, text: str, *, command_id: str | None = None) -> Reply:
        """Run one command line and answer it; never raises."""
        lang = self.language
        try:
            player = await self.store.players.ensure(who.platform, who.user_id, _clean_name(who.name))
            lang = player.language or lang
            if player.language is None:
                lang = (await self.chat_settings(chat.key)).language or lang
            ctx = Ctx(who, chat, player, i18n.choose(lang, default=self.language), command_id)
            lang = ctx.lang
            try:
                cmd = commands.parse(text)
            except CommandError as exc:
                return Reply(ctx.t(exc.message, **exc.values), ok=False)
            from .handlers import HANDLERS

            return await HANDLERS[cmd.name](self, ctx, cmd)
        except Refusal as exc:
            return Reply(i18n.tr(lang, exc.message, **exc.values), ok=False)
        except GameError as exc:
            return Reply(str(exc), ok=False)
        except StoreUnavailable:
            return Reply(i18n.tr(lang, "The game store is not answering; nothing was changed. Try again soon."),
                         ok=False)
        except Exception:
            log.exception("command failed: %r", text[:100])
            return Reply(i18n.tr(lang, "Something went wrong on my side; please try again."), ok=False)

    # --- players and games ----------------------------------------------------------------------------

    async def computer_id(self) -> str:
        if self._computer_id is None:
            record = await self.store.players.ensure(COMPUTER.platform, COMPUTER.user_id, COMPUTER.name)
            self._computer_id = record.id
        return self._computer_id

    async def computer_sides(self, record: GameRecord | MatchRecord) -> set[Side]:
        ai = await self.computer_id()
        return {side_of(i) for i, p in enumerate(record.players) if p == ai}

    async def player(self, pid: str) -> PlayerRecord:
        """A player's record, remembered for `CACHE_SECONDS` (names shown on boards may lag that much).

        :raises NotFound: no such player.
        """
        return await self._players.get(pid, self.store.players.get)

    async def names(self, record: GameRecord | MatchRecord) -> dict[Side, str]:
        out = {}
        for i, pid in enumerate(record.players):
            try:
                out[side_of(i)] = (await self.player(pid)).name
            except NotFound:
                out[side_of(i)] = "?"
        return out

    async def find_game(self, ctx: Ctx, ref: str | None, *, active: bool = True) -> GameRecord:
        """The game `ref` names, or the caller's only active game in this chat.

        :raises Refusal: no such game, none here, or several and no id.
        """
        if ref is not None:
            try:
                return await self.store.games.get(ref)
            except NotFound:
                raise Refusal("There is no game #{id}; /games lists yours.", id=ref) from None
        games = []
        for gid in await self.store.games.active_for(ctx.player.id):
            try:
                record = await self.store.games.get(gid)
            except NotFound:
                continue
            if record.chat == ctx.chat.key:
                games.append(record)
        if not games:
            raise Refusal("You have no game in this chat. Start one with /challenge or /play ai.")
        if len(games) > 1:
            ids = " ".join(f"#{g.id}" for g in games)
            raise Refusal("You have several games here ({ids}); add the id, for example /board {first}.",
                          ids=ids, first=games[0].id)
        return games[0]

    def player_side(self, ctx: Ctx, record: GameRecord) -> Side:
        """The caller's side in `record`.

        :raises Refusal: the caller does not play in it.
        """
        if ctx.player.id not in record.players:
            raise Refusal("You are not playing in game #{id}.", id=record.id)
        if record.players[0] == record.players[1]:
            return game_of(record).position.turn
        return side_of(record.players.index(ctx.player.id))

    async def chat_settings(self, chat_key: str) -> chats.ChatSettings:
        """A chat's settings, remembered for `CACHE_SECONDS` (another process's change may lag that much)."""
        return await self._chats.get(chat_key, self.store.chats.get)

    async def save_chat_settings(self, chat: Chat, *, language: str | None = None,
                                 deadline_hours: float | None = None) -> None:
        """Change a chat's settings; this process sees the change at once."""
        await chats.save(self.store, chat, language=language, deadline_hours=deadline_hours)
        self._chats.forget(chat.key)

    async def deadline_hours_for(self, chat_key: str | None) -> float:
        if chat_key is None:
            return self.deadline_hours
        return (await self.chat_settings(chat_key)).deadline_hours or self.deadline_hours

    # --- matches and games -----------------------------------------------------------------------------

    async def start_match(self, ctx: Ctx, name: str, options: Mapping[str, str], players: tuple[str, str],
                          target: int) -> Reply:
        """Create a match and its first game, make the opening roll and answer with the board."""
        v = variant(name, dict(options))
        now = self.clock()
        match = await self.store.matches.create(variant=v.name, options=v.options(), players=players, target=target,
                                                starts_next=-1, chat=ctx.chat.key, now=now)
        record = await self.create_game(match, 0, None)
        await self.store.matches.update(match, replace(match, games=(record.id,)), now=now)
        begins = ("Game #{id} begins: {variant}, a match to {n} points. Dice seed commitment: {c}." if target > 1
                  else "Game #{id} begins: {variant}, a single game. Dice seed commitment: {c}.")
        head = [ctx.t(begins,
                      id=record.id, variant=v.describe(), n=target, c=dice.commitment(seed_of(record)))]
        return await self.progress(ctx, record, (), head, f"start:{record.id}")

    async def create_game(self, match: MatchRecord, index: int, starter: Side | None) -> GameRecord:
        """Game number `index` of `match` (its id derives from the match, so a retry finds it)."""
        v = variant(match.variant, dict(match.options))
        game = Game.new(v, starter)
        game_id = _short_id(f"{match.id}:{index}") if index else None
        for attempt in range(5):
            gid = game_id or _short_id(self.seeds() + str(attempt))
            try:
                return await self.store.games.create(
                    variant=v.name, options=v.options(), seed=self.seeds(), players=match.players,
                    position=game.position.to_tpn(), dice=OPENING if game.phase == "opening" else "", turn=0,
                    chat=match.chat, match_id=match.id, now=self.clock(), game_id=gid)
            except AlreadyExists:
                if game_id is not None:
                    existing = await self.store.games.get(game_id)
                    if existing.match_id == match.id:
                        return existing
                    game_id = None
        raise AlreadyExists("game", "(fresh id)")

    async def progress(self, ctx: Ctx, record: GameRecord, first: tuple[Step, ...], head: list[str],
                       command: str) -> Reply:
        """Apply `first` (a human's step), let the service act until a human must decide, store it all, answer."""
        game = first[-1].game if first else game_of(record)
        rolls = first[-1].rolls if first else record.turn
        seed = seed_of(record)
        adv = advance(game, seed, record.id, rolls, await self.computer_sides(record))
        adv = Advance(first + adv.steps, adv.game, adv.rolls, adv.events)
        stored, duplicate = await self.commit(record, adv, command)
        names = await self.names(stored)
        lines = list(head)
        if not duplicate:
            lines += [self.say(ctx, e, names) for s in adv.steps for e in s.events]
            lines += [self.say(ctx, e, names) for e in adv.events]
        plays_made = [s.last for s in adv.steps if s.last is not None]
        last = plays_made[-1] if plays_made else None
        if stored.result is not None:
            lines += await self.finish(ctx, stored, names)
            match = await self.store.matches.get(stored.match_id) if stored.match_id else None
            if match is not None and match.winner is None and match.games and match.games[-1] != stored.id:
                nxt = await self.store.games.get(match.games[-1])
                if nxt.version == 1:
                    lines.append(ctx.t("Next game: #{id}.", id=nxt.id))
                    return await self.progress(ctx, nxt, (), lines, f"start:{nxt.id}")
                return await self.view(ctx, nxt, lines)
        return await self.view(ctx, stored, lines, last=last)

    async def commit(self, record: GameRecord, adv: Advance, command: str) -> tuple[GameRecord, bool]:
        """Store every step of `adv` (one compare-and-set each, command ids `<command>:<k>`).

        Returns the stored record and whether the command had been applied before (a duplicate).
        """
        now = self.clock()
        hours = await self.deadline_hours_for(record.chat)
        current = record
        duplicate = False
        states: list[tuple[Step | None, Game, int]] = [(s, s.game, s.rolls) for s in adv.steps]
        if states:
            states[-1] = (states[-1][0], adv.game, adv.rolls)
        elif dice_field(adv.game) != record.dice or adv.rolls != record.turn:
            states = [(None, adv.game, adv.rolls)]
        for k, (step, game, rolls) in enumerate(states):
            new = self.record_state(current, game, rolls, now, hours)
            move = None
            if step is not None:
                move = MoveLogEntry(side_index(step.side), step.dice, step.play, new.position, now)
            result = await self.store.games.apply(current, new, command_id=f"{command}:{k}", move=move, now=now)
            duplicate = duplicate or result.duplicate
            current = replace(new, version=result.version, updated_at=now)
        if duplicate:
            current = await self.store.games.get(record.id)
        return current, duplicate

    def record_state(self, current: GameRecord, game: Game, rolls: int, now: float, hours: float) -> GameRecord:
        over = game.phase == "over"
        return replace(current, position=game.position.to_tpn(), dice=dice_field(game), turn=rolls,
                       result=result_of(game.outcome) if over and game.outcome else None,
                       deadline=None if over else now + hours * 3600,
                       remind_at=None if over else now + hours * 1800)

    async def finish(self, ctx: Ctx, record: GameRecord, names: Mapping[Side, str]) -> list[str]:
        """A finished game: say who won, reveal the seed, count standings and ratings, advance the match."""
        assert record.result is not None
        outcome = outcome_of(record.result)
        lines = []
        if outcome.winner is None:
            lines.append(ctx.t("The game is a tie ({reason}): nobody scores.", reason=outcome.reason))
        else:
            lines.append(ctx.t("{name} wins game #{id}: {points} point(s), {reason}.", name=names[outcome.winner],
                               id=record.id, points=outcome.points, reason=outcome.reason))
        seed = seed_of(record)
        lines.append(ctx.t("Dice seed revealed: {seed} (commitment {c}). Check every roll with /verify {id}.",
                           seed=seed, c=dice.commitment(seed), id=record.id))
        await self.count_result(record)
        if record.match_id:
            lines += await self.advance_match(ctx, record, names)
        return lines

    async def count_result(self, record: GameRecord) -> None:
        """Standings (points won and lost per chat) and Elo ratings per variant, once per game."""
        assert record.result is not None
        outcome = outcome_of(record.result)
        white, black = record.players
        if white == black:
            return
        if outcome.winner is not None and record.chat:
            winner = record.players[side_index(outcome.winner)]
            loser = record.players[1 - side_index(outcome.winner)]
            await self.store.standings.record(record.chat, f"g:{record.id}", {winner: outcome.points})
            await self.store.standings.record(f"{record.chat}/lost", f"g:{record.id}", {loser: outcome.points})
        ratings = self.store.ratings
        rw, rb = await ratings.rating(record.variant, white), await ratings.rating(record.variant, black)
        if outcome.winner is Side.BLACK:
            db, dw = deltas(rb, rw)
        else:
            dw, db = deltas(rw, rb, tie=outcome.winner is None)
        await ratings.record(record.variant, f"g:{record.id}", {white: dw, black: db})

    async def advance_match(self, ctx: Ctx, record: GameRecord, names: Mapping[Side, str]) -> list[str]:
        """Add the game to its match (R-MATCH-1, R-OPEN-2, R-END-4) and create the next game if any."""
        assert record.result is not None and record.match_id is not None
        for _ in range(5):
            match = await self.store.matches.get(record.match_id)
            if match.winner is not None or not match.games or match.games[-1] != record.id:
                return []
            v = variant(match.variant, dict(match.options))
            starter = None if match.starts_next < 0 else side_of(match.starts_next)
            engine = Match(v, match.target, match.score[0], match.score[1], len(match.games), starter)
            engine = engine.record(outcome_of(record.result))
            score = (engine.white, engine.black)
            lines = []
            if match.target > 1:
                lines.append(ctx.t("Match score: {white} {a} – {b} {black} (to {n}).", white=names[Side.WHITE],
                                   a=score[0], b=score[1], black=names[Side.BLACK], n=match.target))
            if engine.winner is not None:
                new = replace(match, score=score, winner=side_index(engine.winner))
            else:
                nxt = await self.create_game(match, len(match.games), engine.next_starter)
                starts = -1 if engine.next_starter is None else side_index(engine.next_starter)
                new = replace(match, score=score, games=(*match.games, nxt.id), starts_next=starts)
            try:
                await self.store.matches.update(match, new, now=self.clock())
            except VersionConflict:
                continue
            if engine.winner is not None:
                winner, loser = match.players[side_index(engine.winner)], match.players[1 - side_index(engine.winner)]
                if match.chat and winner != loser:
                    await self.store.standings.record(f"{match.chat}/matches", f"m:{match.id}", {winner: 1})
                    await self.store.standings.record(f"{match.chat}/mlost", f"m:{match.id}", {loser: 1})
                if match.target > 1:
                    lines.append(ctx.t("{name} wins the match.", name=names[engine.winner]))
            return lines
        return []

    # --- replies ---------------------------------------------------------------------------------------

    def say(self, ctx: Ctx, event: Event, names: Mapping[Side, str]) -> str:
        values = {k: names.get(v, v.value) if isinstance(v, Side) else v for k, v in event.values.items()}
        return ctx.t(event.message, **values)

    async def view(self, ctx: Ctx, record: GameRecord, lines: list[str], *, last: LastPlay | None = None,
                   image: bool = True) -> Reply:
        """The reply showing a game: the lines, whose turn it is (mentioned), the board and the legal plays."""
        game = game_of(record)
        names = await self.names(record)
        mention: tuple[str, ...] = ()
        choices: tuple[Choice, ...] = ()
        if game.phase == "move" and game.dice is not None:
            to_move = game.turn
            pid = record.players[side_index(to_move)]
            user = await self.player(pid)
            if user.platform == ctx.who.platform:
                mention = (user.platform_user_id,)
            lines.append(ctx.t("{name} ({side}) to move with {dice} in game #{id}.", name=names[to_move],
                               side=to_move.value, dice=dice.format_dice(game.dice), id=record.id))
            plays = game.plays()
            if len(plays) <= MAX_CHOICES:
                choices = tuple(Choice(p.notation, f"/move {p.notation} {record.id}") for p in plays)
            viewer = to_move
        else:
            viewer = side_of(record.players.index(ctx.player.id)) if ctx.player.id in record.players else Side.WHITE
        score = None
        if record.match_id:
            try:
                m = await self.store.matches.get(record.match_id)
                score = (m.score[0], m.score[1], m.target)
            except NotFound:
                pass
        png = None
        if image and self.render is not None:
            png = self.render(game.variant, game.position, viewer, last=last, dice=game.dice,
                              names=names, score=score, result=game.outcome)
        board = Board(record.variant, tuple(sorted(variant_options(record.options).items())), record.position,
                      side_index(viewer), game.dice)
        return Reply("\n".join(lines), png, board, choices, mention)

    def command_id(self, ctx: Ctx, record: GameRecord, text: str) -> str:
        """The id of a game command: the adapter's message id, else derived from who, what game state and what
        text, so the same command sent twice at once applies once."""
        if ctx.command_id:
            return f"c:{ctx.command_id.replace('|', '/')}"[:80]
        digest = hashlib.sha256(f"{ctx.player.id}:{record.id}:{record.version}:{text}".encode()).hexdigest()
        return f"h:{digest[:24]}"


def _short_id(text: str) -> str:
    """A 6-letter id (base32) derived from `text`."""
    return base64.b32encode(hashlib.sha256(text.encode()).digest()).decode()[:6].lower()


def _clean_name(name: str) -> str:
    cleaned = "".join(ch for ch in name if ch.isprintable()).strip()[:40]
    return cleaned or "player"


__all__ = ["COMPUTER", "Reply", "Service", "StorageError"]
