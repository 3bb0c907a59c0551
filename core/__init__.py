"""The Meeplog engine: rules-kernel contract, game aggregate, store, runner and registry.

It knows nothing about any particular game or player; those arrive through entry points.
"""

from meeplog.core.compiled import use_build_if_current

use_build_if_current()
