"""`/tournament`: open, join, leave (withdraw), start, cancel, remove a player, the table; and each tournament
match's result.

Every change is one step in the store (`storage.tournaments`), the format's bookkeeping (`bot.formats.advance`)
inside the same write. Every pairing that can start starts at once: at the start, and whenever a result or a
withdrawal makes one ready (a knockout's next match as soon as both its feeders are over). A match is claimed
for its pairing (the claim records the match's id) before the match exists, so two processes never start the
same pairing twice; its first board is posted in the chat (`Core.notify`). A crash between the claim and the
match leaves the claim: the next result in that tournament and the start-up (`repair`) create the match under
the claimed id, which can be created once only, so a pairing never gets two matches. A finished match reaches
the tournament through `Core.match_over`, which the facade points at `match_over` here.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Mapping
from dataclasses import replace

from storage import AlreadyExists, MatchRecord, NotFound, Pairing, TournamentRecord, TournamentRefused
from storage.tournaments import CANCELLED, FINISHED, OPEN, RUNNING

from . import formats, i18n, matches, pictures, words
from .actions import Action, Verb
from .commands import Command
from .context import Ctx, Refusal
from .core import Core
from .games import OFFERS
from .progression import start_match
from .replies import Button, Chat, Identity, Notice, Picture, Reply

DEFAULT_TARGET = 3
MOST_PLAYERS = 64
FORMAT_WORDS = {"roundrobin": "a round robin", "knockout": "a knockout",
                "sections": "round-robin sections, then a knockout of their winners"}


def _pool(record: TournamentRecord) -> str:
    """RT-1: the rating pool of the tournament's matches: its cycle's (`tavli`, `tabla-cycle`), else its game's."""
    cycle = dict(record.options).get("cycle")
    return next((o.key for o in OFFERS if o.cycle == cycle), record.variant) if cycle else record.variant


async def seed_rating(svc: Core, pool: str, player: str) -> float:
    """The rating a player is seeded by: their FIBS rating in the pool (the one place that reads it)."""
    return (await svc.store.ratings.get(pool, player)).rating


async def _ratings(svc: Core, record: TournamentRecord) -> dict[str, float]:
    return {p: await seed_rating(svc, _pool(record), p) for p in record.players}


async def tournament(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """`/tournament <verb>`: the verbs of `bot.commands.TOURNAMENT_VERBS`."""
    verb = cmd.value or "list"
    if verb == "new":
        return await new(svc, ctx, cmd)
    if verb == "list":
        return await listing(svc, ctx)
    if verb == "remove":
        return await remove(svc, ctx, cmd)
    return await {"join": join, "leave": leave, "start": start, "cancel": cancel, "table": table}[verb](svc, ctx,
                                                                                                      cmd.ref)


def _format(ctx: Ctx, fmt: str) -> str:
    return ctx.t(FORMAT_WORDS[fmt])


async def new(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """Open a tournament in this chat, directed by the caller (its first player)."""
    if ctx.chat.private:
        raise Refusal("A tournament is played in a group or channel; open it there.")
    spec = matches.spec_of(cmd.variant, cmd.options)
    target = cmd.match_to or DEFAULT_TARGET
    if target % 2 == 0:  # R-MATCH-1
        raise Refusal("A match is played to an odd number of points (1, 3, 5, …), not {n}: try {lower} or "
                      "{higher}.", n=target, lower=target - 1, higher=target + 1)
    fmt = cmd.kind or "roundrobin"
    record = await svc.store.tournaments.create(chat=ctx.chat.key, director=ctx.player.id, variant=spec.variant.name,
                                                options=matches.stored_options(spec), target=target, format=fmt,
                                                now=svc.clock())
    text = ctx.t("Tournament #{id} opens: {game}, matches to {n}, {format}. Join with /tournament join {id}.",
                 id=record.id, game=words.title(ctx.lang, record.variant, record.options), n=target,
                 format=_format(ctx, fmt))
    return Reply(text, buttons=((Button(ctx.t("Join"), Action(Verb.JOIN, record.id).pack(), "success"),),))


async def _pick(svc: Core, ctx: Ctx, ref: str | None, states: Iterable[str]) -> TournamentRecord:
    """Tournament `ref` of this chat, or the only one here in one of `states`."""
    wanted = set(states)
    if ref is not None:
        try:
            record = await svc.store.tournaments.get(ref)
        except NotFound:
            raise Refusal("There is no tournament #{id}; /tournament lists this chat's.", id=ref) from None
        if record.chat != ctx.chat.key:
            raise Refusal("Tournament #{id} is played in another chat.", id=ref)
        return record
    found = [t for t in await svc.store.tournaments.in_chat(ctx.chat.key) if t.state in wanted]
    if not found:
        raise Refusal("There is no tournament here for that; /tournament new opens one.")
    if len(found) > 1:
        raise Refusal("There are several tournaments here ({ids}); add the id.",
                      ids=" ".join(f"#{t.id}" for t in found))
    return found[0]


async def _name(svc: Core, ctx: Ctx, pid: str | None) -> str:
    if pid is None:
        return "?"
    try:
        return svc.shown_name(await svc.player(pid), ctx.lang)
    except NotFound:
        return pid


name_of = _name  # a player's name as `ctx`'s reader sees it (the page's matches, `bot.tournament_page`)


async def _names(svc: Core, ctx: Ctx, record: TournamentRecord) -> dict[str, str]:
    return {p: await _name(svc, ctx, p) for p in record.players}


REFUSALS = {  # what the store's refusals (`TournamentRefused.reason`) tell the player
    "closed": "Tournament #{id} is not open for that any more.",
    "changed": "Tournament #{id} is not open for that any more.",
    "taken": "Tournament #{id} is not open for that any more.",
    "joined": "You are in tournament #{id} already.",
    "full": "Tournament #{id} is full ({n} players).",
    "absent": "You are not a player of tournament #{id}.",
    "withdrawn": "You have withdrawn from tournament #{id} already.",
    "few": "Tournament #{id} needs at least {n} players to start.",
}


def _refused(ctx: Ctx, record: TournamentRecord, exc: TournamentRefused) -> Refusal:
    reason = exc.reason if exc.reason in REFUSALS else "closed"
    return Refusal(REFUSALS[reason], id=record.id,
                   n=MOST_PLAYERS if reason == "full" else formats.LEAST[record.format])


async def join(svc: Core, ctx: Ctx, ref: str | None) -> Reply:
    record = await _pick(svc, ctx, ref, (OPEN,))
    try:
        record = await svc.store.tournaments.join(record.id, ctx.player.id, most=MOST_PLAYERS)
    except TournamentRefused as exc:
        raise _refused(ctx, record, exc) from None
    return Reply(ctx.tn("{name} joins tournament #{id} ({n} player).", "{name} joins tournament #{id} ({n} players).",
                        len(record.players), name=ctx.player.name, id=record.id, n=len(record.players)))


async def leave(svc: Core, ctx: Ctx, ref: str | None) -> Reply:
    """Before the start: leave. After it: withdraw (walkovers for the matches not over, R: played ones stand)."""
    record = await _pick(svc, ctx, ref, (OPEN, RUNNING))
    ratings = await _ratings(svc, record)
    try:
        after = await svc.store.tournaments.leave(record.id, ctx.player.id, then=formats.advance(ratings))
    except TournamentRefused as exc:
        raise _refused(ctx, record, exc) from None
    if after.state == OPEN:
        return Reply(ctx.t("{name} leaves tournament #{id}.", name=ctx.player.name, id=record.id))
    lines = [ctx.t("{name} withdraws from tournament #{id}: the matches not yet over are walkovers (w/o) for the "
                   "opponents.", name=ctx.player.name, id=record.id)]
    lines += await _after_change(svc, ctx, after, ratings)
    return Reply("\n".join(lines), picture=await _picture(svc, ctx, after, ratings))


REMOVE_REFUSALS = {  # a removal's refusals by the store, about the player named
    "absent": "{name} is not a player of tournament #{id}.",
    "withdrawn": "{name} has withdrawn from tournament #{id} already.",
}


async def remove(svc: Core, ctx: Ctx, cmd: Command) -> Reply:
    """`/tournament remove [id] @player`, by the director or a chat admin: before the start the player is taken
    off the list; after it, it is their withdrawal (their matches not yet over are walkovers for the opponents,
    the played ones stand), as if they had left."""
    record = await _pick(svc, ctx, cmd.ref, (OPEN, RUNNING))
    if not _directs(ctx, record):
        raise Refusal("Only the director of tournament #{id} or a chat admin can remove a player.", id=record.id)
    player = await svc.resolve(ctx, cmd)
    if player is None:
        raise Refusal("Name the player to remove: /tournament remove {id} @name.", id=record.id)
    name = svc.shown_name(player, ctx.lang)
    ratings = await _ratings(svc, record)
    try:
        after = await svc.store.tournaments.leave(record.id, player.id, then=formats.advance(ratings))
    except TournamentRefused as exc:
        if exc.reason in REMOVE_REFUSALS:
            raise Refusal(REMOVE_REFUSALS[exc.reason], name=name, id=record.id) from None
        raise _refused(ctx, record, exc) from None
    if after.state == OPEN:
        return Reply(ctx.t("{name} is removed from tournament #{id}.", name=name, id=record.id))
    lines = [ctx.t("{name} is removed from tournament #{id}: the matches not yet over are walkovers (w/o) for the "
                   "opponents.", name=name, id=record.id)]
    lines += await _after_change(svc, ctx, after, ratings)
    return Reply("\n".join(lines), picture=await _picture(svc, ctx, after, ratings))


def _directs(ctx: Ctx, record: TournamentRecord) -> bool:
    """The caller may start or cancel the tournament: its director, or one of the chat's admins as the adapter
    told (`Ctx.admin`: Telegram's group administrators, Discord's Manage Server; the console has none)."""
    return ctx.player.id == record.director or ctx.admin is True


async def start(svc: Core, ctx: Ctx, ref: str | None) -> Reply:
    """The director (or a chat admin) starts it: pairings drawn (seeded by rating), every ready pairing starts."""
    record = await _pick(svc, ctx, ref, (OPEN,))
    if not _directs(ctx, record):
        raise Refusal("Only the director of tournament #{id} or a chat admin can start it.", id=record.id)
    ratings = await _ratings(svc, record)

    def draw(r: TournamentRecord) -> tuple[tuple[Pairing, ...], tuple[str, ...]]:
        if len(r.players) < formats.LEAST[r.format]:
            raise TournamentRefused("few")
        return formats.draw(r.format, r.players, {p: ratings.get(p, 0.0) for p in r.players})

    try:
        record = await svc.store.tournaments.start(record.id, draw, then=formats.advance(ratings))
    except TournamentRefused as exc:
        raise _refused(ctx, record, exc) from None
    names = await _names(svc, ctx, record)
    ready = sum(p.ready for p in record.pairings)
    text = ctx.tn("Tournament #{id} starts with {n} player: {players}.",
                  "Tournament #{id} starts with {n} players: {players}.", len(record.players), id=record.id,
                  n=len(record.players), players=", ".join(names[p] for p in record.players))
    text += " " + ctx.tn("{n} match starts now; each posts its first board here.",
                         "{n} matches start now; each posts its first board here.", ready, n=ready)
    picture = await _picture(svc, ctx, record, ratings)
    svc.spawn(_open_play(svc, ctx, record, names), f"tournament-{record.id}")  # after this answer
    return Reply(text, picture=picture, table=record.id if picture is not None else None)


async def _open_play(svc: Core, ctx: Ctx, record: TournamentRecord, names: Mapping[str, str]) -> None:
    await _tell_players(svc, ctx, record, names)
    await launch(svc, ctx, record)


async def _tell_players(svc: Core, ctx: Ctx, record: TournamentRecord, names: Mapping[str, str]) -> None:
    """Each player's pairings, privately."""
    if svc.notify is None:
        return
    computer = await svc.computer_id()
    for pid in record.players:
        if pid == computer:
            continue
        opponents = [names.get(o, o) for p in record.pairings if pid in p.players() for o in p.players() if o != pid]
        try:
            who = await svc.player(pid)
        except NotFound:
            continue
        if opponents:
            text = ctx.t("Tournament #{id} has started. Your matches: {opponents}. Their boards are posted in the "
                         "chat; /games lists yours.", id=record.id, opponents=", ".join(opponents))
        else:
            text = ctx.t("Tournament #{id} has started. Your first match starts when your opponent is known.",
                         id=record.id)
        await svc.notify(Notice(Chat.from_key(record.chat), Reply(text, private=True),
                                to=Identity(who.platform, who.platform_user_id, who.name)))


async def launch(svc: Core, ctx: Ctx, record: TournamentRecord) -> None:
    """Start every pairing that can start (each claimed once, its first board posted in the chat), and create
    the matches of pairings claimed but never created (`stuck`)."""
    here = replace(ctx, chat=Chat.from_key(record.chat))
    async for reply in _started(svc, here, record):
        if svc.notify is not None:
            await svc.notify(Notice(here.chat, reply))


async def _started(svc: Core, ctx: Ctx, record: TournamentRecord) -> AsyncIterator[Reply]:
    """The first boards of the ready pairings started and of the stuck ones repaired, each as it is made."""
    for pairing in [p for p in record.pairings if p.ready]:
        if (reply := await _begin(svc, ctx, record, pairing)) is not None:
            yield reply
    for pairing in await stuck(svc, record):
        if (reply := await _repaired(svc, ctx, record, pairing)) is not None:
            yield reply


async def _begin(svc: Core, ctx: Ctx, record: TournamentRecord, pairing: Pairing) -> Reply | None:
    """Claim `pairing` for a fresh match id, then create that match and its first game (so a pairing that two
    processes see ready starts once, and no match is made for a lost claim)."""
    assert pairing.a is not None and pairing.b is not None
    match_id = svc.store.tournaments.new_match_id()
    await svc.store.tournaments.link(match_id, record.id)
    try:
        record = await svc.store.tournaments.attach(record.id, pairing.key, match_id)
    except TournamentRefused:
        return None  # another process started it, or the tournament ended meanwhile
    return await _create(svc, ctx, record, record.pairing(pairing.key))


async def _create(svc: Core, ctx: Ctx, record: TournamentRecord, pairing: Pairing) -> Reply | None:
    """Create the match `pairing` was claimed for, under the claimed id: a match id is created once, so of a
    claim's owner and any number of repairs exactly one makes it (the others find it there and stop)."""
    assert pairing.a is not None and pairing.b is not None and pairing.match is not None
    try:
        return await start_match(svc, ctx, record.variant, record.options, (pairing.a, pairing.b), record.target,
                                 match_id=pairing.match)
    except AlreadyExists:
        return None


async def stuck(svc: Core, record: TournamentRecord) -> list[Pairing]:
    """The pairings of a running tournament claimed for a match that does not exist: the process that claimed
    them stopped before creating it."""
    claimed = {p.match: p for p in record.pairings if p.match is not None and not p.done}
    if record.state != RUNNING or not claimed:
        return []
    return [claimed[m] for m in sorted(await svc.store.tournaments.missing(list(claimed)))]


async def _repaired(svc: Core, ctx: Ctx, record: TournamentRecord, pairing: Pairing) -> Reply | None:
    """The match of stuck `pairing`, created under the id its claim recorded."""
    assert pairing.match is not None
    await svc.store.tournaments.link(pairing.match, record.id)
    return await _create(svc, ctx, record, pairing)


async def repair(svc: Core) -> list[Notice]:
    """At start-up (`Service.resume`): every live tournament's ready pairings start and its stuck ones get their
    matches (a crash may have stopped a `launch` half-way); their first boards are the notices to post. A
    tournament found over is no longer listed as live."""
    notices: list[Notice] = []
    for tid in await svc.store.tournaments.live():
        try:
            record = await svc.store.tournaments.get(tid)
        except NotFound:
            await svc.store.tournaments.retire(tid)
            continue
        if record.state in (FINISHED, CANCELLED):
            await svc.store.tournaments.retire(tid)
            continue
        if record.state != RUNNING or not (any(p.ready for p in record.pairings) or await stuck(svc, record)):
            continue
        ctx = await _director_ctx(svc, record)
        notices += [Notice(ctx.chat, reply) async for reply in _started(svc, ctx, record)]
    return notices


async def _director_ctx(svc: Core, record: TournamentRecord) -> Ctx:
    """The tournament's chat as its director speaks there (for what a repair posts)."""
    player = await svc.player(record.director)
    lang = i18n.choose(player.language, (await svc.chat_settings(record.chat)).language, default=svc.language)
    return Ctx(Identity(player.platform, player.platform_user_id, player.name), Chat.from_key(record.chat), player,
               lang)


async def match_over(svc: Core, ctx: Ctx, match: MatchRecord) -> list[str]:
    """A finished match counted in its tournament, if it has one; what follows from it started."""
    tid = await svc.store.tournaments.of_match(match.id)
    if tid is None or match.winner is None:
        return []
    record = await svc.store.tournaments.get(tid)
    ratings = await _ratings(svc, record)
    winner = match.players[match.winner]
    pairing = record.of_match(match.id)
    if pairing is None:
        return []
    score = match.score if pairing.a == match.players[0] else (match.score[1], match.score[0])
    try:
        after = await svc.store.tournaments.result(tid, match.id, winner, score, then=formats.advance(ratings))
    except TournamentRefused:
        return []  # counted already, or a walkover came first
    loser = match.players[1 - match.winner]
    lines = [ctx.t("Tournament #{id}: {winner} beats {loser} {a}–{b}.", id=tid, winner=await _name(svc, ctx, winner),
                   loser=await _name(svc, ctx, loser), a=max(match.score), b=min(match.score))]
    lines += await _after_change(svc, ctx, after, ratings)
    if svc.notify is not None and svc.render is not None:
        svc.spawn(_table_behind(svc, ctx, tid, ratings), f"tournament-table-{tid}")  # after the result's answer
    return lines


async def table_posted(svc: Core, chat: Chat, tid: str, message_id: str) -> None:
    """The adapter posted tournament `tid`'s table (`Reply.table`) as `message_id` in `chat`: the message that
    later results edit in place (one per platform)."""
    await svc.store.tournaments.remember_message(tid, chat.platform, f"{chat.chat_id}:{message_id}")


def _shown(record: TournamentRecord) -> object:
    """What the table picture shows of a tournament (a stored message id changes nothing of it)."""
    return record.state, record.pairings, record.withdrawn


async def _table_behind(svc: Core, ctx: Ctx, tid: str, ratings: Mapping[str, float]) -> None:
    """A result changed the table: its message is edited in place (coalesced: results that arrive while an
    edit is on its way join it, and it is drawn again until it shows the tournament as stored)."""
    await svc.shared(f"tournament-table:{tid}", lambda: _edit_table(svc, ctx, tid, ratings))


async def _edit_table(svc: Core, ctx: Ctx, tid: str, ratings: Mapping[str, float]) -> None:
    drawn: object = None
    for _ in range(10):
        record = await svc.store.tournaments.get(tid)
        if _shown(record) == drawn:
            return
        drawn = _shown(record)
        await _post_table(svc, ctx, record, ratings)


async def _post_table(svc: Core, ctx: Ctx, record: TournamentRecord, ratings: Mapping[str, float]) -> None:
    """The table after a result: in place of its stored message where there is one, else posted anew."""
    picture = await _picture(svc, ctx, record, ratings)
    if svc.notify is None or picture is None:
        return
    chat = Chat.from_key(record.chat)
    text = ctx.t("Tournament #{id}: the table after this result.", id=record.id)
    where = record.messages.get(chat.platform)
    edit = where.rpartition(":")[2] if where else None
    await svc.notify(Notice(chat, Reply(text, picture=picture, table=record.id), kind="card" if edit else "other",
                            edit=edit))


async def _after_change(svc: Core, ctx: Ctx, record: TournamentRecord, ratings: Mapping[str, float]) -> list[str]:
    """The end of the tournament (its lines), or the matches the change made ready started in the background."""
    if record.state == FINISHED and record.winner is not None:
        return [ctx.t("{name} wins tournament #{id}", name=await _name(svc, ctx, record.winner), id=record.id),
                *await _text_table(svc, ctx, record, ratings)]
    if record.state == RUNNING:  # the pairings made ready, and any a crash left claimed but not created
        svc.spawn(launch(svc, ctx, record), f"tournament-{record.id}")
    return []


async def cancel(svc: Core, ctx: Ctx, ref: str | None) -> Reply:
    record = await _pick(svc, ctx, ref, (OPEN, RUNNING))
    if not _directs(ctx, record):
        raise Refusal("Only the director of tournament #{id} or a chat admin can cancel it.", id=record.id)
    try:
        await svc.store.tournaments.cancel(record.id)
    except TournamentRefused as exc:
        raise _refused(ctx, record, exc) from None
    return Reply(ctx.t("Tournament #{id} is cancelled; its matches going on go on as friendly matches.",
                       id=record.id))


async def table(svc: Core, ctx: Ctx, ref: str | None) -> Reply:
    """The table as text and picture. The picture is posted anew (`Reply.table`): once the adapter reports it
    (`table_posted`), it replaces the stored message of its platform, so the results after it edit this one,
    the latest the chat has seen. The one before is left alone (not deleted): a picture of the tournament as it
    was when posted, which a reply or a link in the chat may still point at."""
    record = await _pick(svc, ctx, ref, (OPEN, RUNNING, FINISHED))
    ratings = await _ratings(svc, record)
    head = ctx.t("Tournament #{id}: {game}, matches to {n}, {format}.", id=record.id,
                 game=words.title(ctx.lang, record.variant, record.options), n=record.target,
                 format=_format(ctx, record.format))
    if record.state == OPEN:
        names = await _names(svc, ctx, record)
        return Reply(head + "\n" + ctx.t("Players so far: {players}.", players=", ".join(names.values())))
    lines = [head, *await _text_table(svc, ctx, record, ratings)]
    picture = await _picture(svc, ctx, record, ratings)
    return Reply("\n".join(lines), picture=picture, table=record.id if picture is not None else None)


async def listing(svc: Core, ctx: Ctx) -> Reply:
    found = [t for t in await svc.store.tournaments.in_chat(ctx.chat.key) if t.state != CANCELLED]
    if not found:
        return Reply(ctx.t("No tournaments here. /tournament new opens one."))
    state = {OPEN: ctx.t("open"), RUNNING: ctx.t("playing"), FINISHED: ctx.t("finished")}
    lines = [ctx.t("Tournaments here:")]
    for each in found:
        count = ctx.tn("{n} player", "{n} players", len(each.players), n=len(each.players))
        lines.append(f"#{each.id} {words.title(ctx.lang, each.variant, each.options)}, {_format(ctx, each.format)} — "
                     f"{state[each.state]}, {count}")
    joinable = [Button(ctx.t("Join #{id}", id=each.id), Action(Verb.JOIN, each.id).pack(), "success")
                for each in found if each.state == OPEN][:5]
    return Reply("\n".join(lines), buttons=(tuple(joinable),) if joinable else ())


async def _text_table(svc: Core, ctx: Ctx, record: TournamentRecord, ratings: Mapping[str, float]) -> list[str]:
    names = await _names(svc, ctx, record)
    lines: list[str] = []
    count = formats.section_count(record)
    groups: list[int | None] = list(range(count)) if record.format == "sections" else [None]
    if record.format != "knockout":
        for k in groups:
            if k is not None:
                lines.append(ctx.t("Section {n}:", n=k + 1))
            for place, row in enumerate(formats.table(record, ratings, k), 1):
                mark = " (w/o)" if row.withdrawn else ""
                lines.append(ctx.t("{place}. {name}{mark}: {wins} won of {played}, points {won}–{lost}",
                                   place=place, name=names.get(row.player, row.player), mark=mark, wins=row.wins,
                                   played=row.played, won=row.won, lost=row.lost))
    rounds = max((int(p.stage[2:]) for p in record.pairings if p.stage.startswith("ko")), default=0)
    for p in record.pairings:
        if p.stage.startswith("ko") and p.done:
            a, b = names.get(p.a or "", "?"), names.get(p.b or "", "?")
            score = "w/o" if p.walkover else f"{p.score[0]}–{p.score[1]}"
            lines.append(ctx.t("{round}: {a} – {b} {score}", round=pictures.round_name(ctx.lang, int(p.stage[2:]),
                                                                                      rounds), a=a, b=b, score=score))
    if record.state == FINISHED:
        order = formats.placing(record, ratings)
        lines.append(ctx.t("Final places: {places}.", places=", ".join(
            f"{i}. {names.get(p, p)}" for i, p in enumerate(order, 1))))
    return lines


async def _picture(svc: Core, ctx: Ctx, record: TournamentRecord, ratings: Mapping[str, float]) -> Picture | None:
    """The crosstable (round robin, sections) or bracket (knockout) as a PNG, drawn off the event loop."""
    if svc.render is None or record.state == OPEN:
        return None
    names = await _names(svc, ctx, record)
    drawing = pictures.drawing(ctx.lang, record, names, ratings)
    return Picture(await svc.offload(pictures.png, drawing))
