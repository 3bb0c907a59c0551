"""The games Meeplog ships, one package each; each registers itself under the `meeplog.games` entry point."""
