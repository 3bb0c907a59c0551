"""Old Man of the Forest (Martin Wallace, 2011): a trick-taking game about saving orangutans."""

from meeplog.games.forest.rules import ForestRules

__all__ = ["ForestRules"]
