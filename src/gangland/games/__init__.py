"""One package per game; each registers itself with the engine when imported."""
