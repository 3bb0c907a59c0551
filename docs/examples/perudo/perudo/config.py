"""The options of Perudo: the player count and one option per ruling that the sources disagree on (RULES.md)."""

from pydantic import Field

from meeplog.core.kernel import GameConfig

MIN_PLAYERS, MAX_PLAYERS = 2, 6  # P1: a cup of dice per player, six in the box


class PerudoConfig(GameConfig):
    players: int = Field(4, ge=MIN_PLAYERS, le=MAX_PLAYERS)  # P1
    aces_wild: bool = Field(True, description="P3: aces count as any face; false plays them as an ordinary face")
    calza: bool = Field(True, description="P9: the player to act may call the standing bid exactly right")
    palifico: bool = Field(True, description="P11: a player first down to one die starts a round where aces are "
                           "not wild and the face stays")
    data_file: str | None = Field(None, description="data file to play with; None means the bundled one")
