"""The Donkey game (Stefaan Henderickx, Jolly Dutch 2022): load the donkey, guess whether it is overloaded."""

from meeplog.games.donkey.rules import DonkeyRules

__all__ = ["DonkeyRules"]
