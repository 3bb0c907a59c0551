"""Trekking the World (Charlie Bink, Underdog Games, 2020): hike the world, visit destinations, pack souvenirs."""

from meeplog.games.trekking.rules import TrekkingRules

__all__ = ["TrekkingRules"]
