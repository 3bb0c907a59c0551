"""The standings' files: the PNG comes with the `plots` extra (matplotlib), the JSON and CSV always."""

from __future__ import annotations

import sys

import pytest

from meeplog.core import plotting
from meeplog.core.extras import MissingExtra
from meeplog.core.tournament import report
from meeplog.core.tournament.standings import standings
from tests.tournament.test_standings import played


def test_without_matplotlib_the_standings_are_written_as_json_and_csv_only(tmp_path, monkeypatch):
    monkeypatch.setattr(report, "plotting_installed", lambda: False)
    paths = report.write_all(standings(played(6, lambda index: (1, 2, 3))), tmp_path)
    assert [path.suffix for path in paths] == [".json", ".csv"]
    assert sorted(tmp_path.iterdir()) == sorted(paths)


def test_with_matplotlib_the_png_is_written_too(tmp_path):
    paths = report.write_all(standings(played(6, lambda index: (1, 2, 3))), tmp_path)
    assert [path.suffix for path in paths] == [".json", ".csv", ".png"]
    assert paths[-1].read_bytes().startswith(b"\x89PNG")


def test_drawing_without_matplotlib_names_the_plots_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` now fails as if it were missing
    with pytest.raises(MissingExtra, match=r"needs the plots extra: pip install 'meeplog\[plots\]'"):
        plotting.plotting()
