"""The slash commands: each one's options become a `bot.commands.Command`, run by the service.

The commands, and each one's description, are those of `bot.commands.TABLE` that Discord lists (`register`
fails if the two differ). Descriptions are English msgids (`locale_str`), translated by
`translator.CatalogueTranslator`; a game choice (`GAMES`: every offer of `bot.games`) carries its offer's key, and
is named in the player's language by the words module. A user chosen in
a user option is told to the service (`remember`), so they are known from then on. Options that only the text
grammar describes (`options` of `/challenge` and `/play`, such as `mother=tie`) are parsed by that grammar; when
they do not parse, the line goes to the service as typed text, which explains the mistake in the player's
language.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, Range
from discord.app_commands import locale_str as _

from .. import commands, games
from ..commands import BY_NAME, MAX_MATCH, REMIND, TOURNAMENT_BY_VERB, VACATION_DAYS, Command, CommandError, listed
from ..cube.table import ROWS as CUBE
from . import people
from .answers import Answers
from .people import PLATFORM, Interaction

MAX_PLAY = 100
MAX_REF = 20
GAMES = [Choice(name=_(offer.name("en"), offer=offer.key), value=offer.key) for offer in games.OFFERS]
RULE_CHOICES = [*GAMES, Choice(name=_("The doubling cube"), value="cube")]  # /rules cube (RULES.md §13)
LANGUAGES = [Choice(name="English", value="en"), Choice(name="Български", value="bg"),
             Choice(name="Ελληνικά", value="el")]
REMIND_WHERE = [Choice(name=_({"dm": "by direct message", "chat": "in the channel", "off": "never"}[w]), value=w)
                for w in REMIND]
SEASON_MODES = [Choice(name=_({"monthly": "monthly", "quarterly": "quarterly", "off": "off"}[m]), value=m)
                for m in commands.SEASON_MODES]
SHOWN = [Choice(name=_("all time"), value="all"), Choice(name=_("a card kept current"), value="pin")]
GAME = _("Game id, such as k3vq7d (default: your game here)")
CHALLENGE = _("Challenge id (default: the one here)")
TOURNAMENT = _("Tournament id (default: the one here)")
FORMATS = [Choice(name=_("Round robin"), value="roundrobin"), Choice(name=_("Knockout"), value="knockout"),
           Choice(name=_("Sections, then a knockout"), value="sections")]


def ref(text: str | None) -> str | None:
    """A game or challenge id as typed (`#k3vq7d`, ` K3VQ7D `), or None for none."""
    cleaned = (text or "").strip().lstrip("#").lower()
    return cleaned or None


def about(name: str) -> _:
    """The description of command `name`: its help line in the table."""
    return _(BY_NAME[name].help)


def verb_about(verb: str) -> _:
    """The description of `/tournament <verb>`: its help line in the verbs' table."""
    return _(TOURNAMENT_BY_VERB[verb].help)


def game_fields(choice: Choice[str] | None) -> dict[str, Any]:
    """The `Command` fields of a game choice (a cycle match is its first game with `cycle=`)."""
    offer = games.BY_KEY.get(choice.value) if choice is not None else None
    if offer is None:
        return {"variant": None}
    return {"variant": offer.variant, "options": dict(offer.options)}


def register(tree: app_commands.CommandTree[Any], answers: Answers) -> None:
    """Add every command Discord lists in `bot.commands.TABLE` to `tree`; their callbacks run through `answers`.

    :raises RuntimeError: the commands added are not exactly the table's (a programming error).
    """

    async def user(interaction: Interaction, chosen: discord.User | discord.Member) -> Command | None:
        """A user option: remembered by the service; None if it is the bot itself (a game against it)."""
        me = interaction.client.user
        if me is not None and chosen.id == me.id:
            return None
        who = people.identity(chosen)
        await answers.service.remember(who)
        return Command("", player=who)

    async def setup(interaction: Interaction, name: str, player: discord.User | None, variant: Choice[str] | None,
                    match: int | None, options: str | None) -> None:
        cmd = Command(name, match_to=match, **game_fields(variant))
        if options and options.strip():
            line = f"/{name} {options.strip()}"
            try:
                typed = commands.parse(line)
            except CommandError:
                await answers.line(interaction, line)
                return
            cmd = replace(cmd, options={**typed.options, **cmd.options}, variant=cmd.variant or typed.variant,
                          match_to=cmd.match_to or typed.match_to)
        if player is not None:
            chosen = await user(interaction, player)
            cmd = replace(cmd, name="play") if chosen is None else replace(cmd, player=chosen.player)
        await answers.command(interaction, cmd)

    @tree.command(name="challenge", description=about("challenge"))
    @app_commands.describe(player=_("Who to challenge (empty: anyone here may accept)"), variant=_("Which game"),
                           match=_("Play a match to this many points"),
                           options=_("Rule options, for example mother=tie"))
    @app_commands.choices(variant=GAMES)
    async def challenge(interaction: Interaction, player: discord.User | None = None,
                        variant: Choice[str] | None = None, match: Range[int, 1, MAX_MATCH] | None = None,
                        options: Range[str, 1, 100] | None = None) -> None:
        await setup(interaction, "challenge", player, variant, match, options)

    @tree.command(name="play", description=about("play"))
    @app_commands.describe(variant=_("Which game"), match=_("Play a match to this many points"),
                           options=_("Rule options, for example mother=tie"))
    @app_commands.choices(variant=GAMES)
    async def play(interaction: Interaction, variant: Choice[str] | None = None,
                   match: Range[int, 1, MAX_MATCH] | None = None, options: Range[str, 1, 100] | None = None) -> None:
        await setup(interaction, "play", None, variant, match, options)

    def on_challenge(name: str) -> None:
        @tree.command(name=name, description=about(name))
        @app_commands.describe(challenge=CHALLENGE)
        async def command(interaction: Interaction, challenge: Range[str, 1, MAX_REF] | None = None) -> None:
            await answers.command(interaction, Command(name, ref=ref(challenge)))

    for name in ("accept", "decline", "cancel"):
        on_challenge(name)

    @tree.command(name="move", description=about("move"))
    @app_commands.describe(play=_("Your play: start typing to see the legal ones"), game=GAME)
    async def move(interaction: Interaction, play: Range[str, 1, MAX_PLAY],
                   game: Range[str, 1, MAX_REF] | None = None) -> None:
        await answers.command(interaction, Command("move", ref=ref(game), notation=play))

    @move.autocomplete("play")
    async def move_play(interaction: Interaction, current: str) -> list[Choice[str]]:
        return await answers.suggest(interaction, current, ref(interaction.namespace.game))

    def on_game(name: str) -> None:
        @tree.command(name=name, description=about(name))
        @app_commands.describe(game=GAME)
        async def command(interaction: Interaction, game: Range[str, 1, MAX_REF] | None = None) -> None:
            await answers.command(interaction, Command(name, ref=ref(game)))

    for name in (*(action.value for action in CUBE), "board", "position", "resign", "hint", "history", "review",
                 "verify", "rematch"):
        on_game(name)

    @tree.command(name="export", description=about("export"))
    @app_commands.describe(game=GAME, whole=_("The whole match, not only the game"))
    async def export(interaction: Interaction, game: Range[str, 1, MAX_REF] | None = None,
                     whole: bool = False) -> None:
        await answers.command(interaction, Command("export", ref=ref(game), value="match" if whole else "game"))

    def bare(name: str) -> None:
        @tree.command(name=name, description=about(name))
        async def command(interaction: Interaction) -> None:
            await answers.command(interaction, Command(name))

    for name in ("games", "lobby", "help", "invite"):
        bare(name)

    @tree.command(name="standings", description=about("standings"))
    @app_commands.describe(show=_("All time, or a card kept current (default: this season)"),
                           season=_("A season such as 2026-10 or 2026-Q4"))
    @app_commands.choices(show=SHOWN)
    async def standings(interaction: Interaction, show: Choice[str] | None = None,
                        season: Range[str, 1, 10] | None = None) -> None:
        words = ["standings", *(["season", season] if season else []), *([show.value] if show else [])]
        await answers.line(interaction, "/" + " ".join(words))

    @tree.command(name="season", description=about("season"))
    @app_commands.describe(mode=_("Monthly, quarterly or off (empty: show the seasons here)"))
    @app_commands.choices(mode=SEASON_MODES)
    async def season(interaction: Interaction, mode: Choice[str] | None = None) -> None:
        await answers.command(interaction, Command("season", value=mode.value if mode else None))

    @tree.command(name="stats", description=about("stats"))
    @app_commands.describe(player=_("Whose (default: yours)"))
    async def stats(interaction: Interaction, player: discord.User | None = None) -> None:
        chosen = await user(interaction, player) if player is not None else None
        await answers.command(interaction, Command("stats", player=chosen.player if chosen else None))

    @tree.command(name="top", description=about("top"))
    @app_commands.describe(game=_("Which game (default: the most played)"),
                           everywhere=_("In every chat, not just here"))
    @app_commands.choices(game=GAMES)
    async def top(interaction: Interaction, game: Choice[str] | None = None, everywhere: bool = False) -> None:
        await answers.command(interaction, Command("top", target="global" if everywhere else None,
                                                   variant=game.value if game else None))

    @tree.command(name="rules", description=about("rules"))
    @app_commands.describe(variant=_("Which game"))
    @app_commands.choices(variant=RULE_CHOICES)
    async def rules(interaction: Interaction, variant: Choice[str] | None = None) -> None:
        offer = games.BY_KEY.get(variant.value) if variant is not None else None
        if variant is not None and variant.value == "cube":
            cmd = Command("rules", value="cube")
        elif offer is not None and offer.cycle is not None:
            cmd = Command("rules", variant=offer.cycle, value="cycle")
        else:
            cmd = Command("rules", variant=offer.variant if offer else None)
        await answers.command(interaction, cmd)

    @tree.command(name="lang", description=about("lang"))
    @app_commands.describe(language=_("The language"), chat=_("For the whole channel (its players' default)"))
    @app_commands.choices(language=LANGUAGES)
    async def lang(interaction: Interaction, language: Choice[str] | None = None, chat: bool = False) -> None:
        await answers.command(interaction, Command("lang", target="chat" if chat else None,
                                                   value=language.value if language else None))

    @tree.command(name="deadline", description=about("deadline"))
    @app_commands.describe(hours=_("Hours per move (empty: show the current deadline)"))
    async def deadline(interaction: Interaction, hours: Range[float, 1, 720] | None = None) -> None:
        await answers.command(interaction, Command("deadline", value=f"{hours:g}" if hours is not None else None))

    @tree.command(name="remind", description=about("remind"))
    @app_commands.describe(where=_("Where"))
    @app_commands.choices(where=REMIND_WHERE)
    async def remind(interaction: Interaction, where: Choice[str] | None = None) -> None:
        await answers.command(interaction, Command("remind", value=where.value if where else None))

    tournament = app_commands.Group(name="tournament", description=about("tournament"))

    @tournament.command(name="new", description=verb_about("new"))
    @app_commands.describe(variant=_("Which game"), match=_("Each match to this many points"),
                           format=_("Round robin, knockout, or sections then a knockout"),
                           options=_("Rule options, for example mother=tie"))
    @app_commands.choices(variant=GAMES, format=FORMATS)
    async def tournament_new(interaction: Interaction, variant: Choice[str] | None = None,
                             match: Range[int, 1, MAX_MATCH] | None = None, format: Choice[str] | None = None,
                             options: Range[str, 1, 100] | None = None) -> None:
        cmd = Command("tournament", value="new", match_to=match, kind=format.value if format else None,
                      **game_fields(variant))
        if options and options.strip():
            line = f"/tournament new {options.strip()}"
            try:
                typed = commands.parse(line)
            except CommandError:
                await answers.line(interaction, line)
                return
            cmd = replace(cmd, options={**typed.options, **cmd.options}, variant=cmd.variant or typed.variant,
                          match_to=cmd.match_to or typed.match_to, kind=cmd.kind or typed.kind)
        await answers.command(interaction, cmd)

    def on_tournament(verb: str) -> None:
        @tournament.command(name=verb, description=verb_about(verb))
        @app_commands.describe(tournament=TOURNAMENT)
        async def command(interaction: Interaction, tournament: Range[str, 1, MAX_REF] | None = None) -> None:
            await answers.command(interaction, Command("tournament", value=verb, ref=ref(tournament)))

    for verb in TOURNAMENT_BY_VERB:
        if verb not in ("new", "list", "remove"):
            on_tournament(verb)

    @tournament.command(name="remove", description=verb_about("remove"))
    @app_commands.describe(player=_("The player to remove"), tournament=TOURNAMENT)
    async def tournament_remove(interaction: Interaction, player: discord.User,
                                tournament: Range[str, 1, MAX_REF] | None = None) -> None:
        chosen = await user(interaction, player)
        who = chosen.player if chosen is not None else None
        await answers.command(interaction, Command("tournament", value="remove", ref=ref(tournament), player=who,
                                                   target=None if who else "computer"))

    @tournament.command(name="list", description=verb_about("list"))
    async def tournament_list(interaction: Interaction) -> None:
        await answers.command(interaction, Command("tournament", value="list"))

    tree.add_command(tournament)
    @tree.command(name="vacation", description=about("vacation"))
    @app_commands.describe(days=_("Days away (empty: where your vacation stands)"), off=_("End your vacation now"))
    async def vacation(interaction: Interaction, days: Range[int, 1, VACATION_DAYS] | None = None,
                       off: bool = False) -> None:
        value = "off" if off else (str(days) if days is not None else None)
        await answers.command(interaction, Command("vacation", value=value))

    added = sorted(c.name for c in tree.get_commands())
    if added != sorted(spec.name for spec in listed(PLATFORM)):
        raise RuntimeError(f"the slash commands {added} are not the table's")
