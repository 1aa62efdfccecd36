"""Many games at once: the play loop, statistics and benchmarks."""
