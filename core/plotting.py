"""matplotlib, for the PNG plots of the tournament and the leaderboard: it comes with the `plots` extra, not with
the base install (DESIGN.md section 10), so it is imported only when a plot is drawn."""

from __future__ import annotations

import importlib.util
from types import ModuleType

from meeplog.core.extras import needs_extra


def plotting_installed() -> bool:
    """Whether matplotlib is there: it comes with the `plots` extra, not with the base install."""
    return importlib.util.find_spec("matplotlib") is not None


def plotting() -> ModuleType:
    """pyplot, on the Agg backend (files, no display); MissingExtra naming `plots` without matplotlib."""
    with needs_extra("plots", "a PNG plot"):
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot

    return matplotlib.pyplot
