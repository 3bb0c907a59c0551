"""Let's Take a Hike (Aaron Lauster, StrataMax 2011): pack a backpack, then push your luck on the trail."""

from meeplog.games.hike.rules import HikeRules

__all__ = ["HikeRules"]
