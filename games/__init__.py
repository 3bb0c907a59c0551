"""The games Meeplog ships, one package each; each registers itself under the `meeplog.games` entry point."""

import meeplog.core  # noqa: F401  (core decides, before any game module loads, whether compiled files may be used)
