"""Meeplog: an event-sourced engine for tabletop games with AI players.

This folder is the top of the `meeplog` import package (pyproject.toml maps it there); its subpackages
meeplog.core, meeplog.games, meeplog.players and meeplog.replays are the project's top-level folders. It is a
regular package, not a namespace one, so that tools that map distributions to their packages (pytest's plugin
loader among them) see `meeplog` alone.
"""
