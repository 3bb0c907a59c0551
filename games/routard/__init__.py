"""Le Jeu du Routard (Cécile Balaÿ & Isabelle Privé, 2001): prepare a backpack, then travel the world."""

from meeplog.games.routard.rules import RoutardRules

__all__ = ["RoutardRules"]
