"""The viewer's Jinja2 templates, shared by the pages and the API (which sends a frame's HTML beside its data)."""

from __future__ import annotations

from pathlib import Path

from starlette.templating import Jinja2Templates

from meeplog.replays.viewer.annotations import Annotation
from meeplog.replays.viewer.frames import Frame, Panel
from meeplog.replays.viewer.tree import marked, render

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=HERE / "templates")
templates.env.globals["tree"] = lambda data, changed: render(data, marked(list(changed)))


def render_frame(frame: Frame, note: Annotation | None = None) -> str:
    """The HTML of one step, the part of the game page that changes from step to step (with its analysis, if any)."""
    return templates.get_template("frame.html").render(frame=frame, note=note)


def render_panel(panel: Panel) -> str:
    """The HTML of what one perspective sees of a position (its boards, data and legal commands)."""
    return templates.get_template("panel.html").render(panel=panel)
