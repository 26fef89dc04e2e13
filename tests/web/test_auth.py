"""Telegram initData and signed links: Telegram's own published example, our signer's round trip, and every
way a credential can be wrong."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest

from bot.boardpage.auth import AuthError, sign_init_data, sign_link, validate_init_data, validate_link

# The example the tma.js documentation publishes ("Validating with Bot Token"), with its bot token.
TMA_TOKEN = "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8"
TMA_INIT_DATA = (
    "query_id=AAHdF6IQAAAAAN0XohDhrOrc"
    "&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C"
    "%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D"
    "&auth_date=1662771648"
    "&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2")
NOW = 1_700_000_000.0
TOKEN = "123456:TEST-token"


def test_the_published_example_is_valid() -> None:
    user = validate_init_data(TMA_INIT_DATA, TMA_TOKEN, NOW, max_age=0)
    assert (user.user_id, user.name, user.username, user.language) == ("279058397", "Vladislav Kibenko",
                                                                      "vdkfrost", "ru")
    assert user.auth_date == 1662771648


def test_the_published_example_is_too_old_with_the_age_check() -> None:
    with pytest.raises(AuthError, match="expired"):
        validate_init_data(TMA_INIT_DATA, TMA_TOKEN, NOW)


@pytest.mark.parametrize("change", [
    lambda s: s.replace("Vladislav", "Vladimir"),            # a changed user
    lambda s: s.replace("auth_date=1662771648", "auth_date=1662771649"),
    lambda s: s.replace("&query_id=AAHdF6IQAAAAAN0XohDhrOrc", "").replace("query_id=AAHdF6IQAAAAAN0XohDhrOrc&", ""),
    lambda s: s + "&start_param=abcd",                      # an added field counts too
    lambda s: s.replace("hash=c5", "hash=d5"),
])
def test_any_change_breaks_the_signature(change) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(AuthError, match=r"signature|unsigned"):
        validate_init_data(change(TMA_INIT_DATA), TMA_TOKEN, NOW, max_age=0)


def test_another_bots_token_is_refused() -> None:
    with pytest.raises(AuthError, match="signature"):
        validate_init_data(TMA_INIT_DATA, TOKEN, NOW, max_age=0)


def fields(**extra: str) -> dict[str, str]:
    base = {"user": json.dumps({"id": 42, "first_name": "Ana", "language_code": "bg"}),
            "auth_date": str(int(NOW) - 60), "chat_instance": "-77", "signature": "abc"}
    base.update(extra)
    return base


def test_our_signer_round_trips_every_field() -> None:
    raw = sign_init_data(fields(start_param="gamex"), TOKEN)
    user = validate_init_data(raw, TOKEN, NOW)
    assert (user.user_id, user.name, user.language, user.start_param) == ("42", "Ana", "bg", "gamex")


@pytest.mark.parametrize(("raw", "reason"), [
    ("", "not opened"),
    ("a=1&a=2&hash=" + "0" * 64, "malformed"),
    ("user=%7B%7D", "unsigned"),
    ("x" * 5000, "too long"),
])
def test_malformed_init_data(raw: str, reason: str) -> None:
    with pytest.raises(AuthError, match=reason):
        validate_init_data(raw, TOKEN, NOW)


def test_a_day_old_or_future_init_data_is_refused() -> None:
    old = sign_init_data(fields(auth_date=str(int(NOW) - 24 * 3600 - 5)), TOKEN)
    future = sign_init_data(fields(auth_date=str(int(NOW) + 3600)), TOKEN)
    for raw in (old, future):
        with pytest.raises(AuthError, match="expired"):
            validate_init_data(raw, TOKEN, NOW)
    validate_init_data(sign_init_data(fields(auth_date=str(int(NOW) - 24 * 3600 + 5)), TOKEN), TOKEN, NOW)


def test_init_data_without_a_user_is_refused() -> None:
    raw = sign_init_data({"auth_date": str(int(NOW))}, TOKEN)
    with pytest.raises(AuthError, match="user"):
        validate_init_data(raw, TOKEN, NOW)
    raw = sign_init_data({"auth_date": str(int(NOW)), "user": json.dumps({"id": "42"})}, TOKEN)
    with pytest.raises(AuthError, match="user"):
        validate_init_data(raw, TOKEN, NOW)


def test_unsorted_input_is_checked_sorted() -> None:
    signed = sign_init_data(fields(), TOKEN)
    pairs = [p.split("=", 1) for p in signed.split("&")]
    reordered = "&".join("=".join(p) for p in reversed(pairs))
    assert validate_init_data(reordered, TOKEN, NOW).user_id == "42"
    assert urlencode([("k", "v")]) == "k=v"


def test_links() -> None:
    token = sign_link("s3cret", "p1", "abcd", NOW + 100)
    claim = validate_link(token, "s3cret", NOW)
    assert (claim.player_id, claim.game_id, claim.expires) == ("p1", "abcd", int(NOW + 100))
    with pytest.raises(AuthError, match="expired"):
        validate_link(token, "s3cret", NOW + 101)
    with pytest.raises(AuthError, match="signature"):
        validate_link(token, "other", NOW)
    player, game, expires, mac = token.split(".")
    for forged in (f"p2.{game}.{expires}.{mac}", f"{player}.efgh.{expires}.{mac}",
                   f"{player}.{game}.{int(expires) + 999}.{mac}"):
        with pytest.raises(AuthError, match="signature"):
            validate_link(forged, "s3cret", NOW)
    for junk in ("", "a.b.c", "a.b.c.d.e", "p1.abcd.12x.mac", "p1.abcd.1.m@c", "x" * 300):
        with pytest.raises(AuthError, match="malformed"):
            validate_link(junk, "s3cret", NOW)
