"""One command table (`bot.commands.TABLE`): the grammar, dispatch, /help, Telegram's menus, Discord's slash
commands and `tabla --help` each list exactly its commands; every game a player may choose (`bot.games.OFFERS`)
is offered in each of them, by its name in the player's language."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any, cast

import discord
import pytest
from discord import app_commands

from bot import cli, commands, games, i18n, info, rated
from bot.commands import TABLE, CommandError, listed
from bot.discord_adapter import slash
from bot.discord_adapter.answers import Answers
from bot.discord_adapter.translator import CatalogueTranslator
from bot.dispatch import HANDLERS
from bot.replies import Caller, Identity
from bot.service import Service
from bot.telegram_adapter import inline, menu

from .conftest import ALICE, CHAT

PLATFORMS = ("console", "telegram", "discord")
NAMES = {spec.name for spec in TABLE}


def _help_commands(text: str) -> list[str]:
    return re.findall(r"^/(\w+)", text, re.MULTILINE)


def _tree() -> app_commands.CommandTree[Any]:
    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    slash.register(tree, cast(Answers, None))
    return tree


@pytest.mark.parametrize("lang", ["en", "bg", "el"])
def test_every_help_line_fits_a_discord_description(lang: str) -> None:
    for spec in TABLE:
        assert 3 <= len(i18n.tr(lang, spec.help)) <= 100, spec.name


def test_the_grammar_and_dispatch_know_exactly_the_tables_commands() -> None:
    assert set(commands.COMMANDS) == NAMES == set(HANDLERS)
    for spec in TABLE:
        for name in (spec.name, *spec.aliases):
            try:
                assert commands.parse(f"/{name}").name == spec.name
            except CommandError as exc:
                assert exc.message != "Unknown command /{name}; try /help.", name
    with pytest.raises(CommandError, match="Unknown command"):
        commands.parse("/nosuch")


@pytest.mark.parametrize("platform", PLATFORMS)
@pytest.mark.parametrize("lang", ["en", "bg", "el"])
def test_help_lists_the_platforms_commands_and_every_game_by_name(platform: str, lang: str) -> None:
    text = info.help_text(lang, platform)
    assert _help_commands(text) == [spec.name for spec in listed(platform)]
    for offer in games.OFFERS:
        assert f"{offer.name(lang)}: {offer.typed}" in text
    if lang != "en":
        assert "Play against the computer" not in text and "Commands:" not in text


async def test_help_through_the_service_is_the_consoles(service: Service) -> None:
    reply = await service.handle(Caller(ALICE, CHAT), "/help")
    assert _help_commands(reply.text) == [spec.name for spec in listed("console")]
    assert "invite" not in _help_commands(reply.text), "the console has no invite link"


@pytest.mark.parametrize("lang", ["en", "bg", "el"])
def test_telegrams_menu_is_the_tables(lang: str) -> None:
    menu_ = menu.commands(lang)
    assert [c.command for c in menu_] == [spec.name for spec in listed("telegram")]
    assert "start" not in [c.command for c in menu_], "Telegram shows its own start button"
    for c, spec in zip(menu_, listed("telegram"), strict=True):
        assert c.description == i18n.tr(lang, spec.help)
        assert lang == "en" or c.description != spec.help, f"{spec.name} untranslated in {lang}"


def test_discords_slash_commands_are_the_tables() -> None:
    tree = _tree()
    registered = {c.name: c for c in tree.get_commands()}
    assert sorted(registered) == sorted(spec.name for spec in listed("discord"))
    for name, command in registered.items():
        assert command.description == commands.BY_NAME[name].help
        if isinstance(command, app_commands.Group):  # a command with verbs: its subcommands are its verbs' table
            assert name == "tournament"
            assert [(c.name, c.description) for c in command.commands] == [
                (v.name, v.help) for v in commands.TOURNAMENT_VERBS]
            continue
        assert isinstance(command, app_commands.Command)


async def test_discord_offers_every_game_in_the_players_language() -> None:
    tree = _tree()
    keys = [offer.key for offer in games.OFFERS]
    for name in ("challenge", "play", "rules"):
        command = tree.get_command(name)
        assert isinstance(command, app_commands.Command)
        variant = next(p for p in command.parameters if p.name == "variant")
        extra = ["cube"] if name == "rules" else []  # /rules cube: the doubling cube (RULES.md §13)
        assert [c.value for c in variant.choices] == keys + extra
        assert [c.name for c in variant.choices][:len(keys)] == [offer.name("en") for offer in games.OFFERS]
    assert len(set(keys)) == 10 and "tavli" in keys and "tabla-cycle" in keys
    command = tree.get_command("play")
    assert isinstance(command, app_commands.Command)
    payload = await command.get_translated_payload(tree, CatalogueTranslator())
    choices = next(o for o in payload["options"] if o["name"] == "variant")["choices"]
    for choice in choices:
        offer = games.BY_KEY[choice["value"]]
        assert choice["name_localizations"] == {"bg": offer.name("bg"), "el": offer.name("el")}
    assert games.BY_KEY["tabla-cycle"].name("el") == "Τάμπλα (Τάμπλα → Γκιουλμπαρά → Τάπα)"


def test_tabla_help_lists_the_tables_commands_and_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    section = out.split("chat commands", 1)[1].split("settings (", 1)[0]
    assert re.findall(r"^  /(\w+)", section, re.MULTILINE) == [spec.name for spec in TABLE]
    text = " ".join(out.split())
    for offer in games.OFFERS:
        assert offer.name("en") in text
    assert "Tapa, Plakoto, Mahbusa and Tawula" not in text


def test_tabla_run_help_names_every_game_and_says_on_and_off(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["run", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for offer in games.OFFERS:
        assert offer.name("en") in text
    assert "(default on)" in text and "(default off)" in text and "default True" not in text
    assert "(default 72)" in text


@pytest.mark.parametrize("lang", ["en", "bg", "el"])
def test_the_inline_cards_offer_every_game_by_name(lang: str) -> None:
    offered = inline.wanted("")
    assert [offer.key for offer, _ in offered] == [offer.key for offer in games.OFFERS]
    assert dict((o.key, p) for o, p in offered)["tavli"] == inline.CYCLE_POINTS
    assert dict((o.key, p) for o, p in offered)["plakoto"] == 1
    for offer, points in offered:
        text = inline.offer("Alice", offer, points, lang)
        assert offer.name(lang) in text
    assert [o.key for o, _ in inline.wanted("tabla cycle=tabla to 7")] == ["tabla-cycle"]
    assert inline.wanted("tavli to 3")[0][1] == 3
    assert inline.Card.unpack(inline.Card("tabla-cycle", 5, "abcdefgh").pack()) == \
        inline.Card("tabla-cycle", 5, "abcdefgh")


@pytest.mark.parametrize("lang", ["en", "bg", "el"])
async def test_rules_and_stats_name_every_game_in_the_players_language(service: Service, lang: str) -> None:
    who = Identity("console", f"r-{lang}", f"r-{lang}", username=f"r{lang}", language=lang)
    await service.remember(who)
    rules = (await service.handle(Caller(who, CHAT), "/rules")).text
    for offer in games.OFFERS:
        assert f"{offer.name(lang)}: /rules {offer.typed}" in rules, rules
        said = (await service.handle(Caller(who, CHAT), f"/rules {offer.typed}")).text
        assert said and "/rules takes" not in said, said
    for offer in games.OFFERS:  # a pool is named as its game is (RATINGS.md RT-1; /stats lists pools played)
        named = rated.pool_name(lang, offer.key)
        if offer.cycle is None:
            assert named == offer.name(lang)
        else:  # `Tavli`, `Tabla match`, in the player's own letters
            assert named and (lang == "en" or not re.search("[A-Za-z]", named)), named


def test_the_package_description_names_every_game_and_both_cycles() -> None:
    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text("utf-8"))["project"]
    described = project["description"]
    for offer in games.OFFERS:
        name = offer.name("en")
        assert (name.split(" (")[0] if offer.cycle else name) in described, name
    assert "cycle" in described
