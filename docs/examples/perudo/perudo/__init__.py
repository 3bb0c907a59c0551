"""Perudo (Liar's Dice), a Meeplog game written as a plug-in package; docs/writing-a-game.md tells how."""

from .rules import PerudoRules

__all__ = ["PerudoRules"]
