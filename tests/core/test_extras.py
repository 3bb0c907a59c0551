"""A part of Meeplog whose extra is missing names the extra to install; Meeplog's own missing module stays a bug."""

from __future__ import annotations

import pytest

from meeplog.core.extras import MissingExtra, needs_extra


def test_a_missing_third_party_module_names_the_extra_to_install_in_one_line():
    with pytest.raises(MissingExtra) as raised, needs_extra("viewer", "`meeplog serve`"):
        import no_such_viewer_lib  # noqa: F401

    assert str(raised.value) == (
        "`meeplog serve` needs the viewer extra: pip install 'meeplog[viewer]' (no module named 'no_such_viewer_lib')"
    )
    assert isinstance(raised.value, ImportError) and raised.value.name == "no_such_viewer_lib"


def test_a_missing_module_of_meeplog_itself_is_not_taken_for_an_extra():
    with pytest.raises(ModuleNotFoundError) as raised, needs_extra("viewer", "`meeplog serve`"):
        import meeplog.core.no_such_module  # noqa: F401

    assert not isinstance(raised.value, MissingExtra)
