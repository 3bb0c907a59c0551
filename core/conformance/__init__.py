"""The conformance kit: the checks every game must pass, shipped with Meeplog so that a plug-in's author has them.

`pytest --meeplog-rules my_game.rules:MyRules` runs the kit on one game from any folder (plugin.py, the `pytest11`
entry point); Meeplog's own suite runs it on every installed game. The test_*.py modules are the checks; the
others (playouts, leaks, bounds, search, timing, prompt_sizes, matches, descriptions) are the functions they are
made of, which the scripts (soak, bench, prompt-sizes) and the tests of the checks themselves call too.

Unlike the rest of meeplog.core, the kit imports players and the viewer: it checks a game through the real ones.
"""
