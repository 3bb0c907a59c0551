"""Every command and view field says what it means, in the schemas remote seats get (descriptions.py).

A field without a description still plays, so the kit warns instead of failing: a plug-in written before
descriptions keeps passing, and its author sees each field named with how to describe it (pytest's warnings
summary; `-W error::meeplog.core.conformance.descriptions.UndescribedFields` makes it fail). Meeplog's own games
are held to it strictly by tests/games/test_descriptions.py.
"""

from __future__ import annotations

import warnings
from typing import Any

from meeplog.core.conformance.descriptions import HOW, UndescribedFields, undescribed
from meeplog.core.kernel import Rules


def test_every_command_and_view_field_says_what_it_means(meeplog_rules: Rules[Any, Any]) -> None:
    if missing := undescribed(meeplog_rules):
        warnings.warn(
            UndescribedFields(
                f"{meeplog_rules.title}: {len(missing)} commands or fields say nothing of "
                f"what they mean ({', '.join(missing)}); {HOW}"
            ),
            stacklevel=1,
        )
