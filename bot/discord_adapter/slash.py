"""The slash commands: each one's options become a `bot.commands.Command`, run by the service.

Descriptions are English msgids (`locale_str`), translated by `translator.CatalogueTranslator`. A user chosen in
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

from game import PRESETS

from .. import commands
from ..commands import MAX_MATCH, REMIND, Command, CommandError
from . import people
from .answers import Answers
from .people import Interaction

MAX_PLAY = 100
MAX_REF = 20
VARIANTS = [Choice(name=_(name.capitalize()), value=name) for name in PRESETS]
LANGUAGES = [Choice(name="English", value="en"), Choice(name="Български", value="bg"),
             Choice(name="Ελληνικά", value="el")]
REMIND_WHERE = [Choice(name=_({"dm": "by direct message", "chat": "in the channel", "off": "never"}[w]), value=w)
                for w in REMIND]
GAME = _("Game id, such as k3vq7d (default: your game here)")
CHALLENGE = _("Challenge id (default: the one here)")


def ref(text: str | None) -> str | None:
    """A game or challenge id as typed (`#k3vq7d`, ` K3VQ7D `), or None for none."""
    cleaned = (text or "").strip().lstrip("#").lower()
    return cleaned or None


def register(tree: app_commands.CommandTree[Any], answers: Answers) -> None:
    """Add every command to `tree`; their callbacks run through `answers`."""

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
        cmd = Command(name, variant=variant.value if variant else None, match_to=match)
        if options and options.strip():
            line = f"/{name} {options.strip()}"
            try:
                typed = commands.parse(line)
            except CommandError:
                await answers.line(interaction, line)
                return
            cmd = replace(cmd, options=typed.options, variant=cmd.variant or typed.variant,
                          match_to=cmd.match_to or typed.match_to)
        if player is not None:
            chosen = await user(interaction, player)
            cmd = replace(cmd, name="play") if chosen is None else replace(cmd, player=chosen.player)
        await answers.command(interaction, cmd)

    @tree.command(name="challenge", description=_("Challenge a player, or anyone in this channel, to a game"))
    @app_commands.describe(player=_("Who to challenge (empty: anyone here may accept)"), variant=_("Which game"),
                           match=_("Play a match to this many points"),
                           options=_("Rule options, for example mother=tie"))
    @app_commands.choices(variant=VARIANTS)
    async def challenge(interaction: Interaction, player: discord.User | None = None,
                        variant: Choice[str] | None = None, match: Range[int, 1, MAX_MATCH] | None = None,
                        options: Range[str, 1, 100] | None = None) -> None:
        await setup(interaction, "challenge", player, variant, match, options)

    @tree.command(name="play", description=_("Play against the computer"))
    @app_commands.describe(variant=_("Which game"), match=_("Play a match to this many points"),
                           options=_("Rule options, for example mother=tie"))
    @app_commands.choices(variant=VARIANTS)
    async def play(interaction: Interaction, variant: Choice[str] | None = None,
                   match: Range[int, 1, MAX_MATCH] | None = None, options: Range[str, 1, 100] | None = None) -> None:
        await setup(interaction, "play", None, variant, match, options)

    def on_challenge(name: str, description: str) -> None:
        @tree.command(name=name, description=_(description))
        @app_commands.describe(challenge=CHALLENGE)
        async def command(interaction: Interaction, challenge: Range[str, 1, MAX_REF] | None = None) -> None:
            await answers.command(interaction, Command(name, ref=ref(challenge)))

    on_challenge("accept", "Accept a challenge")
    on_challenge("decline", "Decline a challenge to you")
    on_challenge("cancel", "Withdraw your challenge")

    @tree.command(name="move", description=_("Make your play, for example 24/18 13/11"))
    @app_commands.describe(play=_("Your play: start typing to see the legal ones"), game=GAME)
    async def move(interaction: Interaction, play: Range[str, 1, MAX_PLAY],
                   game: Range[str, 1, MAX_REF] | None = None) -> None:
        await answers.command(interaction, Command("move", ref=ref(game), notation=play))

    @move.autocomplete("play")
    async def move_play(interaction: Interaction, current: str) -> list[Choice[str]]:
        return await answers.suggest(interaction, current, ref(interaction.namespace.game))

    def on_game(name: str, description: str) -> None:
        @tree.command(name=name, description=_(description))
        @app_commands.describe(game=GAME)
        async def command(interaction: Interaction, game: Range[str, 1, MAX_REF] | None = None) -> None:
            await answers.command(interaction, Command(name, ref=ref(game)))

    on_game("board", "Show the board of your game")
    on_game("position", "The position as text, to copy or study")
    on_game("resign", "Resign your game")
    on_game("history", "An animated replay of a game")
    on_game("verify", "Check a finished game's dice against their published seed")

    def bare(name: str, description: str) -> None:
        @tree.command(name=name, description=_(description))
        async def command(interaction: Interaction) -> None:
            await answers.command(interaction, Command(name))

    bare("games", "Your games")
    bare("lobby", "Open challenges in this channel")
    bare("standings", "This channel's standings")
    bare("help", "How to play here")
    bare("invite", "A link to add this bot to your server")

    @tree.command(name="stats", description=_("A player's results and rating"))
    @app_commands.describe(player=_("Whose (default: yours)"))
    async def stats(interaction: Interaction, player: discord.User | None = None) -> None:
        chosen = await user(interaction, player) if player is not None else None
        await answers.command(interaction, Command("stats", player=chosen.player if chosen else None))

    @tree.command(name="rules", description=_("The rules of a game"))
    @app_commands.describe(variant=_("Which game"))
    @app_commands.choices(variant=VARIANTS)
    async def rules(interaction: Interaction, variant: Choice[str] | None = None) -> None:
        await answers.command(interaction, Command("rules", variant=variant.value if variant else None))

    @tree.command(name="lang", description=_("Choose the language I answer you in"))
    @app_commands.describe(language=_("The language"), chat=_("For the whole channel (its players' default)"))
    @app_commands.choices(language=LANGUAGES)
    async def lang(interaction: Interaction, language: Choice[str] | None = None, chat: bool = False) -> None:
        await answers.command(interaction, Command("lang", target="chat" if chat else None,
                                                   value=language.value if language else None))

    @tree.command(name="deadline", description=_("This channel's time per move, in hours"))
    @app_commands.describe(hours=_("Hours per move (empty: show the current deadline)"))
    async def deadline(interaction: Interaction, hours: Range[float, 1, 720] | None = None) -> None:
        await answers.command(interaction, Command("deadline", value=f"{hours:g}" if hours is not None else None))

    @tree.command(name="remind", description=_("Where your reminders to move go"))
    @app_commands.describe(where=_("Where"))
    @app_commands.choices(where=REMIND_WHERE)
    async def remind(interaction: Interaction, where: Choice[str] | None = None) -> None:
        await answers.command(interaction, Command("remind", value=where.value if where else None))
