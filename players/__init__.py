"""Player adapters, each registered under the `meeplog.players` entry point."""

import meeplog.core  # noqa: F401  (core decides, before any player module loads, whether compiled files may be used)
