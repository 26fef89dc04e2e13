"""The `Store`: every repository on one connected client, closed together."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from types import TracebackType

from .attention import AttentionRepository
from .backend import Backend
from .boards import BoardRepository
from .cards import CardRepository
from .challenges import ChallengeRepository
from .chats import ChatRepository
from .directory import DirectoryRepository, PreferenceRepository
from .errors import guarded
from .games import GameRepository
from .matches import MatchRepository
from .players import PlayerRepository
from .ratings import RatingRepository
from .reviews import ReviewRepository
from .schedule import ScheduleRepository
from .seasons import SeasonRepository
from .settings import Client, StoreSettings
from .standing_cards import StandingCardRepository
from .standings import StandingsRepository
from .tournaments import TournamentRepository
from .vacations import VacationRepository


class Store:
    """Games, matches, challenges, players, standings, ratings and the schedule, on one Redis client.

    The client is injected (built with `from_url`, see `connection.make_client`) and must not decode
    responses. `aclose()` closes it and runs `on_close` (which stops an embedded server this process owns).
    Call `ping()` once before concurrent use, as `connect()` does: a cluster client then learns the cluster's
    layout up front (redis-py's cluster client can trip over its own connections when many commands race its
    first start-up).
    """

    def __init__(
        self,
        client: Client,
        settings: StoreSettings | None = None,
        *,
        on_close: Callable[[], Awaitable[None]] | None = None,
        description: str = "Redis",
    ) -> None:
        self.settings = settings or StoreSettings()
        self.description = description
        backend = Backend(client, self.settings)
        self._client = client
        self._on_close = on_close
        self.games = GameRepository(backend)
        self.schedule = ScheduleRepository(backend)
        self.matches = MatchRepository(backend)
        self.challenges = ChallengeRepository(backend)
        self.players = PlayerRepository(backend)
        self.chats = ChatRepository(backend)
        self.standings = StandingsRepository(backend)
        self.ratings = RatingRepository(backend)
        self.directory = DirectoryRepository(backend)
        self.preferences = PreferenceRepository(backend)
        self.attention = AttentionRepository(backend)
        self.boards = BoardRepository(backend)
        self.cards = CardRepository(backend)
        self.seasons = SeasonRepository(backend)
        self.standing_cards = StandingCardRepository(backend)
        self.reviews = ReviewRepository(backend)
        self.tournaments = TournamentRepository(backend)
        self.vacations = VacationRepository(backend)

    @property
    def client(self) -> Client:
        return self._client

    @property
    def operation_timeout(self) -> float:
        return self.settings.operation_timeout

    @guarded
    async def ping(self) -> None:
        """Check that Redis answers.

        :raises StoreUnavailable: it does not (within the operation timeout).
        """
        await self._client.ping()

    async def aclose(self) -> None:
        """Close the client, then stop what `on_close` stops."""
        try:
            await self._client.aclose()
        finally:
            if self._on_close is not None:
                on_close, self._on_close = self._on_close, None
                await on_close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()
